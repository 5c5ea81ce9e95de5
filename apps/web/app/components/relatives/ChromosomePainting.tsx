import type { RelativeSegment } from '@jiyin/contracts/relativesApi';

const MB = 1_000_000;

/**
 * The shared segments painted on the 22 autosomes and X, each drawn to scale against chromosome 1
 * (GRCh37 lengths). Rows are HTML with one small SVG bar each, so labels stay readable at 390 px.
 */
export function ChromosomePainting({
  chromosomes,
  segments,
}: {
  chromosomes: { chrom: string; length: number }[];
  segments: RelativeSegment[];
}) {
  const longest = Math.max(...chromosomes.map((c) => c.length));
  const ticks = Array.from({ length: Math.floor(longest / (50 * MB)) + 1 }, (_, i) => i * 50);
  return (
    <figure className="chromosome-painting" data-testid="chromosome-painting" aria-label="共享 DNA 片段在染色体上的位置">
      {chromosomes.map((c) => {
        const own = segments.filter((s) => s.chrom === c.chrom);
        return (
          <div className="chromosome-painting__row" key={c.chrom} data-chrom={c.chrom}>
            <span className="chromosome-painting__label">{c.chrom}</span>
            <div className="chromosome-painting__track">
              <svg
                className="chromosome-painting__bar"
                style={{ width: `${(c.length / longest) * 100}%` }}
                viewBox={`0 0 ${c.length / MB} 10`}
                preserveAspectRatio="none"
                role="img"
                aria-label={`${c.chrom} 号染色体${own.length ? `，${own.length} 个共享片段` : '，没有共享片段'}`}
              >
                <rect x="0" y="0" width={c.length / MB} height="10" rx="0" className="chromosome-painting__chrom" />
                {own.map((s) => (
                  <rect
                    key={s.start}
                    x={s.start / MB}
                    y="0"
                    width={Math.max((s.end - s.start) / MB, 0.8)}
                    height="10"
                    className="chromosome-painting__segment"
                    data-testid="painted-segment"
                  >
                    <title>{`${c.chrom} 号染色体 ${(s.start / MB).toFixed(1)}–${(s.end / MB).toFixed(1)} Mb，${s.cM} cM`}</title>
                  </rect>
                ))}
              </svg>
            </div>
          </div>
        );
      })}
      <div className="chromosome-painting__row chromosome-painting__scale" aria-hidden="true">
        <span className="chromosome-painting__label" />
        <div className="chromosome-painting__track">
          {ticks.map((mb) => (
            <span key={mb} style={{ left: `${((mb * MB) / longest) * 100}%` }}>
              {mb}
            </span>
          ))}
        </div>
      </div>
      <figcaption>
        <span className="chromosome-painting__key chromosome-painting__key--shared" /> 共享片段
        <span className="chromosome-painting__key" /> 未共享　横轴：位置（百万碱基，Mb）
      </figcaption>
    </figure>
  );
}
