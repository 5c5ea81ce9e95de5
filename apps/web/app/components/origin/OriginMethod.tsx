import { CITY_MIN_RELATIVES } from '@jiyin/contracts/originApi';

/** The gene-origin method in plain Chinese (shown on the result page and the protocol page). */
export function OriginMethod() {
  return (
    <section className="report-card origin-method" data-testid="gene-origin-method">
      <h3>我们怎样推算祖源地</h3>
      <ol>
        <li>只使用已开启基因亲人功能、并与您有共享 DNA 片段的亲人；他们授权的出生地只精确到省、市。</li>
        <li>
          近亲（关系等级 2-3、3-4：父母子女、兄弟姐妹、祖孙、叔侄等）不计入：他们反映的是近几代的家庭，而且共享 DNA
          很多，会压过其他所有亲人。
        </li>
        <li>
          每位远亲按与您共享的 DNA
          总长度（cM）计权：共享越多，说明你们的共同祖先越近，他代表的您的祖先部分也越多。把权重按亲人的出生省份相加，再换算成百分比，就是各省的占比。
        </li>
        <li>
          可信度看两点：权重相当于多少位同等权重的亲人（有效人数），以及第一名省份的占比。有效人数不少于 5 且第一名占 40%
          以上为“可信度较高”；有效人数不少于 2 为“可信度中等”；其余“仅供参考”。
        </li>
        <li>亲人少于 {CITY_MIN_RELATIVES} 位的城市不单独列出，合并为“其他城市”。</li>
      </ol>
      <p>
        局限：亲人的出生地不一定是祖先的居住地（迁徙很常见）；加入服务的用户在各地并不均匀，用户多的省份更容易出现。结果是对近几百年祖源地的统计推断，不是家谱考证。
      </p>
    </section>
  );
}
