import { DEMO_USER } from './accounts.ts';

/**
 * Starter antispam word list (§7.4): configuration written by the product team, not taken from any
 * external list. Only obviously abusive words and illegal-advertising phrases; staff add and remove
 * words through the staff API (`/v1/common/antispam/words`), which records who added each one.
 */
export const ANTISPAM_STARTER_WORDS = [
  { word: '傻逼', category: 'abuse' },
  { word: '操你妈', category: 'abuse' },
  { word: '代开发票', category: 'ad' },
  { word: '办证刻章', category: 'ad' },
  { word: '网络赌博', category: 'illegal' },
  { word: '六合彩', category: 'illegal' },
  { word: '出售枪支', category: 'illegal' },
  { word: '冰毒', category: 'illegal' },
  { word: '代孕', category: 'illegal' },
  { word: '裸聊', category: 'illegal' },
] as const;
export const ANTISPAM_STARTER_SOURCE = '起始配置（产品团队编写）';

/** The editorial byline of the product's own gene club articles. */
export const EDITORIAL_AUTHOR = '知源基因编辑部';

/**
 * Gene club articles written by the product's editors as general genetics education, each with its
 * sources at the end (the facts are the cited pages'; the wording is ours).
 */
export const GENE_CLUB_ARTICLES = [
  {
    id: '00000000-0000-4000-8000-0000000c1001',
    title: '什么是 SNP？基因检测芯片读的是什么',
    summary: '单核苷酸多态性（SNP）是人与人之间最常见的 DNA 差异。了解它，才能读懂消费级基因检测能说明什么、不能说明什么。',
    category: 'basics',
    tags: ['SNP', '基因芯片', '科普'],
    markdown: `> 本文为${EDITORIAL_AUTHOR}撰写的科普内容，仅供了解遗传学常识，不构成医学建议。

## DNA 里的“拼写差异”

人类基因组大约由 30 亿个碱基对组成。任意两个人的 DNA 绝大部分相同，差异中最常见的一类叫作**单核苷酸多态性**（single nucleotide polymorphism，SNP）：在某一个位置上，有的人是一个碱基（例如 C），有的人是另一个碱基（例如 T）。

据美国国家医学图书馆 MedlinePlus 的介绍，SNP 平均大约每 1,000 个核苷酸出现一次，一个人的基因组中约有 400 万到 500 万个 SNP。**大多数 SNP 对健康和发育没有影响**；少数位于基因内部或调控区域附近，与某些性状或疾病风险相关。

## 芯片检测：读取预先选定的位点

消费级基因检测常用的 SNP 芯片并不读取整个基因组，而是一次检测几十万到上百万个**预先选定**的位点。这些位点经过挑选，能够用于：

- 推断祖源成分和父系、母系单倍群；
- 比较两个人共享的 DNA 片段，寻找基因亲人；
- 查看与部分性状、药物反应相关的已知变异。

## 结果能说明什么

- 芯片只看到选定的位点，**没有检出某个变异不等于没有风险**；
- 与疾病相关的结果通常只反映风险高低，受生活方式、环境等多种因素影响；
- 涉及健康决策时，应当咨询医生，必要时通过临床检测确认。

## 参考资料

1. MedlinePlus Genetics（美国国家医学图书馆）：[What are single nucleotide polymorphisms (SNPs)?](https://medlineplus.gov/genetics/understanding/genomicresearch/snp/)
2. 美国国家人类基因组研究所（NHGRI）术语表：[Single Nucleotide Polymorphisms (SNPs)](https://www.genome.gov/genetics-glossary/Single-Nucleotide-Polymorphisms)
3. MedlinePlus Genetics：[What is direct-to-consumer genetic testing?](https://medlineplus.gov/genetics/understanding/dtcgenetictesting/directtoconsumer/)
`,
  },
  {
    id: '00000000-0000-4000-8000-0000000c1002',
    title: '父系与母系：Y 染色体和线粒体 DNA 如何追溯祖先',
    summary: 'Y 染色体由父亲传给儿子，线粒体 DNA 由母亲传给子女。它们各自记录了一条直系祖先线，也只记录这一条。',
    category: 'ancestry',
    tags: ['Y 染色体', '线粒体', '单倍群'],
    markdown: `> 本文为${EDITORIAL_AUTHOR}撰写的科普内容，仅供了解遗传学常识。

## 两条特殊的遗传线

大部分 DNA 在每一代都会经过父母双方的重组，几代之后就难以分辨来自哪位祖先。有两部分例外：

- **Y 染色体**：只有男性携带，由父亲传给儿子。除两端的小段区域外，Y 染色体在代际传递中基本不与 X 染色体重组，因此父子之间几乎原样相传。
- **线粒体 DNA（mtDNA）**：位于细胞的线粒体中，由母亲传给她的所有子女。线粒体 DNA 含有 37 个基因。

## 单倍群是什么

在代代相传的过程中，Y 染色体和线粒体 DNA 偶尔会发生新的突变，这些突变会继续传给后代。共享同一组突变、来自同一位远祖的人群，被归为同一个**单倍群**。把单倍群按突变出现的先后排列起来，就得到系统树：

- Y 染色体系统树由国际遗传谱系学会（ISOGG）等机构持续整理；
- 线粒体 DNA 系统树常用 PhyloTree（van Oven 与 Kayser，2009）。

## 需要知道的局限

往上追溯 10 代，一个人最多有 1,024 个祖先位置，而 Y 染色体只反映其中父亲的父亲……这一条线，线粒体 DNA 只反映母亲的母亲……这一条线。因此单倍群适合了解直系祖先的大致来源和迁徙方向，却不能代表一个人全部的祖源。女性没有 Y 染色体，可以通过父亲或兄弟的检测了解父系单倍群。

## 参考资料

1. MedlinePlus Genetics：[Y chromosome](https://medlineplus.gov/genetics/chromosome/y/)
2. MedlinePlus Genetics：[Mitochondrial DNA](https://medlineplus.gov/genetics/chromosome/mitochondrial-dna/)
3. ISOGG：[Y-DNA Haplogroup Tree](https://isogg.org/tree/)
4. van Oven M, Kayser M. Updated comprehensive phylogenetic tree of global human mitochondrial DNA variation. *Human Mutation* 2009; 30(2): E386–E394.
`,
  },
] as const;

/** Demo community posts by the demo account, worded so nobody reads them as a real person's story. */
export const DEMO_POSTS = [
  {
    id: '00000000-0000-4000-8000-0000000c2001',
    authorUserId: DEMO_USER.id,
    module: 'ancestry',
    kind: 'question' as const,
    content: '【示例帖子】这是演示账户发布的示例提问，用来展示社区的提问与回答：寻找同姓宗亲时，大家一般先从哪些资料入手？',
  },
  {
    id: '00000000-0000-4000-8000-0000000c2002',
    authorUserId: DEMO_USER.id,
    module: 'health',
    kind: 'post' as const,
    content: '【示例帖子】这是演示账户发布的示例内容，用来展示健康交流版块的样子。健康相关的检测结果请以医生的解读为准。',
  },
] as const;
