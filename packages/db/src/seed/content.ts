import type { DescriptionConfig, SiteContent } from '@jiyin/contracts/api';

/**
 * Editorial content of the public pages; pages render it as given, except {{name}}: a fact about the
 * product the server fills in from the data the reports use (apps/server/src/content/facts.ts).
 */
export const DEMO_CONTENT: SiteContent[] = [
  {
    slug: 'home',
    title: '读懂你的基因，遇见你的家族',
    summary: '一管唾液，解读健康风险、药物反应、个人特质与祖源来历，还能找到与你共享 DNA 的亲人。',
    sections: [
      {
        key: 'tests',
        heading: '我们检测什么',
        items: [
          {
            title: '芯片基因检测（SNP）',
            text: '芯片读取约 {{chipMarkersWan}} 万个遗传位点：健康与特质报告解读其中 {{healthMarkers}} 个位点（{{healthItems}} 项），祖源成分比对其中最多 {{ancestryMarkers}} 个祖源信息位点。',
            icon: 'experiment',
            tag: 'GENETIC',
          },
          { title: 'Y 染色体全序列', text: '深度测序父系 Y 染色体，定位最新末端分支与宗亲。', icon: 'apartment', tag: 'Y' },
          { title: '父系祖源精选', text: '精选父系位点，快速了解父系单倍群与姓氏源流。', icon: 'branches', tag: 'PCR_Y' },
          { title: '宫颈癌筛查（HPV）', text: '居家自采样，检测高危型人乳头瘤病毒。', icon: 'safety', tag: 'HPV' },
          { title: '幽门螺杆菌检测', text: '居家检测胃部幽门螺杆菌感染。', icon: 'medicine-box', tag: 'HP' },
        ],
      },
      {
        key: 'samples',
        heading: '先看看样例报告',
        body: '未登录或尚无报告时，可浏览由合成基因组生成的样例报告，了解每一类报告的内容。',
        items: [
          { title: '疾病风险', text: '常见疾病的遗传风险与预防建议。', link: '/report/disease', icon: 'heart' },
          { title: '药物反应', text: '氯吡格雷、华法林、他汀等药物的代谢与反应。', link: '/report/drug', icon: 'medicine-box' },
          { title: '遗传病携带', text: '耳聋、地中海贫血等隐性遗传病携带情况。', link: '/report/carrier-status', icon: 'team' },
          { title: '个人特质', text: '饮酒脸红、乳糖耐受、耳垢类型等。', link: '/report/traits', icon: 'smile' },
          { title: '营养需求', text: '叶酸、维生素 D 等营养代谢特点。', link: '/report/nutrition', icon: 'coffee' },
          { title: '祖源分析', text: '民族成分、父系与母系单倍群。', link: '/report/ancestry', icon: 'global' },
        ],
      },
      {
        key: 'libraries',
        heading: '姓氏与家族库',
        body: '汇集用户共建的姓氏源流与家族资料，按姓氏、字辈、祖籍与单倍群检索。',
        items: [
          { title: '姓氏库', text: '姓氏源流、人口分布与历史名人。', link: '/ancestry/library-surname', icon: 'book' },
          { title: '家族库', text: '按字辈、族谱、祖先与单倍群查找家族。', link: '/ancestry/library-family', icon: 'cluster' },
          { title: 'Y 谱系树', text: '父系分支的演化树与各分支的姓氏分布。', link: '/ancestry/ytree', icon: 'apartment' },
        ],
      },
      {
        key: 'steps',
        heading: '三步获得报告',
        items: [
          { title: '下单收取采样盒', text: '选择适合你的检测，采样盒包邮到家。' },
          { title: '绑定条码并寄回', text: '在网站或 App 绑定采样管条码，按说明采集唾液后寄回实验室。' },
          { title: '4–6 周查看报告', text: '实验室检测完成后，报告在线更新并通知你。也可导入已有的原始数据。' },
        ],
      },
      {
        key: 'privacy',
        heading: '你的基因数据只属于你',
        body: '基因数据是最敏感的个人信息：我们仅在你授权的范围内使用，原始数据私密存储、只有你本人能下载；基因亲人功能需你主动开启，可随时关闭；你可以随时下载或彻底删除你的全部数据。',
      },
    ],
  },
  {
    slug: 'topics',
    title: '检测专题',
    summary: '了解基因检测能告诉你什么，以及它不能告诉你什么。',
    sections: [
      {
        key: 'topics',
        heading: '专题',
        items: [
          { title: '疾病风险', text: '基因如何影响常见疾病的风险，以及生活方式的作用。', link: '/topics/disease' },
          { title: '祖源与寻根', text: '民族成分、单倍群与 Y 谱系树是怎样推算出来的。', link: '/topics/ancestry' },
          { title: '药物基因组', text: '同样的药，为什么对不同的人效果不同。', link: '/topics/drugs' },
          { title: '个人特质', text: '酒量、口味、睡眠与外貌特征背后的基因。', link: '/topics/traits' },
          { title: '运动基因', text: '爆发力、耐力与运动损伤风险。', link: '/topics/fitness' },
          { title: '遗传病携带', text: '健康的父母为什么会生出患遗传病的孩子。', link: '/topics/carrier-status' },
        ],
      },
      {
        key: 'limits',
        heading: '请了解检测的局限',
        body: '消费级基因检测读取的是已知的常见位点，不能替代临床诊断。大多数常见疾病由多个基因与环境共同决定，单个位点只带来有限的风险变化；结果有疑问时请咨询医生或遗传咨询师。',
      },
    ],
  },
  {
    slug: 'topics-disease',
    title: '疾病风险专题',
    summary: '基因告诉你的是“倾向”，不是“定局”。',
    sections: [
      {
        key: 'what',
        heading: '我们如何评估疾病风险',
        body: '对每一种疾病，我们选取经大规模人群研究（全基因组关联研究、临床指南）验证的位点，按东亚人群的研究结果解释你的基因型，并给出低风险、一般风险或较高风险的分级。每一项都列出所读取的位点、你的基因型和参考文献。',
      },
      {
        key: 'examples',
        heading: '中国人值得关注的例子',
        items: [
          { title: '饮酒与食管癌', text: 'ALDH2 rs671 的 A 等位在东亚人群常见，携带者饮酒后乙醛蓄积，食管癌风险明显升高。' },
          { title: '2 型糖尿病', text: 'KCNQ1、CDKAL1、TCF7L2 等位点与东亚人群的糖尿病风险相关。' },
          { title: '帕金森病', text: 'LRRK2 G2385R 与 R1628P 是东亚人群特有的风险变异。' },
          { title: '痛风', text: 'ABCG2 Q141K 影响尿酸排泄，在东亚人群中较常见。' },
        ],
      },
      {
        key: 'lifestyle',
        heading: '生活方式同样重要',
        body: '戒烟限酒、规律运动、均衡饮食和定期体检，往往比一个位点的影响更大。报告中的建议仅供参考，不构成诊断或治疗意见。',
      },
    ],
  },
  {
    slug: 'topics-ancestry',
    title: '祖源专题',
    summary: '你的 DNA 记录着祖先迁徙的足迹。',
    sections: [
      {
        key: 'composition',
        heading: '民族成分',
        body: '将你的基因型在最多 {{ancestryMarkers}} 个祖源信息位点上与{{ancestryGroups}}共 {{ancestryGroupCount}} 个参考人群比较，估计你的祖源构成，并给出置信区间。{{ancestryMissingGroups}}目前没有可公开使用的参考数据，暂不纳入。',
      },
      {
        key: 'lines',
        heading: '父系与母系',
        items: [
          {
            title: 'Y 染色体单倍群',
            text: '由父亲传给儿子，几乎不变，记录父系的迁徙，例如 O-M175、C-M217、N-M231。',
            link: '/report/ancestry/paternal',
          },
          { title: '线粒体单倍群', text: '由母亲传给所有子女，记录母系来源，例如 D4、B4、F1、M7。', link: '/report/ancestry/maternal' },
          { title: 'Y 谱系树', text: '把父系分支画成一棵树，找到你的分支和与你同源的宗亲。', link: '/ancestry/ytree' },
        ],
      },
      {
        key: 'relatives',
        heading: '基因亲人',
        body: '如果你自愿开启，系统会在同样开启的用户中寻找与你共享 DNA 片段的人，按共享的厘摩（cM）估计亲缘等级。',
      },
    ],
  },
  {
    slug: 'topics-drugs',
    title: '药物基因组专题',
    summary: '同样的药、同样的剂量，不同的人效果可能大不相同。',
    sections: [
      {
        key: 'examples',
        heading: '常见例子',
        items: [
          { title: '氯吡格雷与 CYP2C19', text: 'CYP2C19 慢代谢者体内活性药物不足，抗血小板效果减弱（CPIC 指南）。' },
          { title: '华法林与 CYP2C9、VKORC1', text: '东亚人群多携带 VKORC1 敏感型，起始剂量通常更低。' },
          { title: '卡马西平与 HLA-B*15:02', text: '携带者发生严重皮肤不良反应的风险显著升高，在华南人群中较常见。' },
        ],
      },
      { key: 'note', heading: '请勿自行调整用药', body: '药物反应结果供医生参考，任何用药调整请遵医嘱。' },
    ],
  },
  {
    slug: 'topics-traits',
    title: '个人特质专题',
    summary: '酒量、口味、耳垢与头发，很多日常特点都写在基因里。',
    sections: [
      {
        key: 'examples',
        heading: '有趣的例子',
        items: [
          { title: '饮酒脸红', text: 'ALDH2 变异让乙醛分解变慢，喝酒容易脸红。' },
          { title: '干性耳垢', text: 'ABCC11 的一个变异在东亚人群中极为常见。' },
          { title: '头发粗细', text: 'EDAR 370A 变异与东亚人较粗的头发有关。' },
        ],
      },
    ],
  },
  {
    slug: 'topics-fitness',
    title: '运动基因专题',
    summary: '基因只占运动表现的一小部分，训练才是关键。',
    sections: [
      {
        key: 'examples',
        heading: '常见位点',
        items: [
          { title: 'ACTN3 R577X', text: '与快肌纤维功能相关，影响爆发力与耐力的倾向。' },
          { title: '胶原蛋白基因', text: 'COL1A1、COL5A1 与韧带、肌腱损伤风险有关。' },
        ],
      },
    ],
  },
  {
    slug: 'topics-carrier-status',
    title: '遗传病携带专题',
    summary: '携带者本人通常健康，但夫妻同为携带者时孩子有 1/4 的患病概率。',
    sections: [
      {
        key: 'examples',
        heading: '中国人群常见的隐性遗传病',
        items: [
          { title: '遗传性耳聋', text: 'GJB2、SLC26A4 是中国人遗传性耳聋最常见的致病基因。' },
          { title: '地中海贫血', text: '在广东、广西、海南等南方地区携带率较高。' },
          { title: 'G6PD 缺乏症（蚕豆病）', text: '华南地区较常见，携带者应避免蚕豆和部分药物。' },
        ],
      },
    ],
  },
  {
    slug: 'white-papers',
    title: '白皮书',
    summary: '我们的检测方法、数据来源与质量体系。',
    sections: [
      {
        key: 'papers',
        heading: '技术白皮书',
        items: [
          { title: '芯片检测与质量控制', text: '样本检出率、杂合度与性别一致性等质控指标，以及未通过质控时的处理。' },
          { title: '健康报告方法', text: '位点的选择标准（ClinVar、CPIC/DPWG 指南、GWAS Catalog、PubMed 文献）与结果分级规则。' },
          { title: '祖源分析方法', text: '参考人群面板、祖源成分估计（基于祖源信息位点的监督混合模型）与置信区间。' },
          { title: '基因亲人匹配方法', text: '半同源（IBD）片段识别、遗传图谱（cM）与亲缘等级的对应关系。' },
        ],
      },
      {
        key: 'data',
        heading: '参考数据来源',
        body: '参考数据均来自公开发表的研究与数据库（如 1000 Genomes、HGDP、PhyloTree、ISOGG、ClinVar、CPIC），每张数据表都记录了来源、版本与许可。',
      },
    ],
  },
  {
    slug: 'irb',
    title: '伦理审查与知情同意',
    summary: '所有涉及用户数据的科研均经伦理委员会审查，并以你的单独同意为前提。',
    sections: [
      {
        key: 'principles',
        heading: '我们的承诺',
        items: [
          { title: '单独同意', text: '参与科研需要你单独勾选同意，不同意不影响你使用任何服务。' },
          { title: '去标识化', text: '科研使用的数据去除姓名、电话等可识别信息。' },
          { title: '随时撤回', text: '你可以随时撤回同意，撤回后数据不再用于新的研究。' },
          { title: '依法合规', text: '遵循《个人信息保护法》《人类遗传资源管理条例》等法规。' },
        ],
      },
      {
        key: 'contact',
        heading: '联系伦理委员会',
        body: '如对研究项目有疑问，可在工作日 09:00-18:00 通过客服联系伦理委员会秘书处。',
      },
    ],
  },
  {
    slug: 'privacy',
    title: '隐私政策',
    summary: '你的基因数据只属于你。这里说明我们保存什么、怎样使用，以及你随时可以做什么。',
    sections: [
      {
        key: 'collect',
        heading: '我们保存哪些信息',
        body: '账户的手机号与密码（只保存不可逆的摘要）；你为检测人填写的姓名、性别、出生日期与出生地；实验室检测或你上传的原始基因数据文件，以及由它生成的报告；登录与敏感操作的记录（时间、操作与 IP），供你在账户设置中查看。',
      },
      {
        key: 'use',
        heading: '基因数据怎样使用',
        body: '原始数据只用于生成你的报告，私密存储，只有你本人能下载。基因亲人功能默认关闭：只有你在检测人管理中为某位检测人打开“在基因亲人中展示我”后，才会与同样开启的用户比对；关闭后立即从他人的列表中消失，已有的匹配一并删除。对方默认只看到姓氏加“先生”或“女士”。',
      },
      {
        key: 'share',
        heading: '谁能看到你的报告',
        body: '只有你本人，以及你通过“分享报告”主动分享的人；分享可以随时取消。',
      },
      {
        key: 'control',
        heading: '你随时可以',
        items: [
          {
            title: '下载原始数据',
            text: '在检测人管理中下载原始数据文件；也可以关闭“允许下载原始数据”，连你自己也无法下载。',
            link: '/user/persons',
          },
          {
            title: '删除文件或检测人',
            text: '删除原始数据文件，或删除检测人及其报告；删除前会写明删除什么、保留什么。',
            link: '/user/persons',
          },
          {
            title: '导出或注销',
            text: '在账户设置中下载我们保存的关于你的全部数据，或注销账户并永久删除全部数据。',
            link: '/user/settings',
          },
        ],
      },
    ],
  },
  {
    slug: 'user-agreement',
    title: '用户协议',
    summary: '使用知源基因的服务前，请阅读本协议：它说明我们提供什么、你和我们各自的责任，以及检测结果的边界。',
    sections: [
      {
        key: 'service',
        heading: '服务内容',
        body: '我们提供基因检测与解读服务：你购买采样盒并寄回唾液样本，或上传其他检测机构的原始数据文件，我们据此生成健康、特质、祖源与基因亲人等报告。具体检测项目以你购买的产品说明为准。',
      },
      {
        key: 'account',
        heading: '账户与检测人',
        body: '你需要用本人手机号注册账户，并妥善保管密码；通过该账户进行的操作视为你本人的操作。为他人（如家人）建立检测人、上传或绑定其样本前，你应取得对方的同意；未成年人的检测须由其监护人操作。',
      },
      {
        key: 'results',
        heading: '检测结果的性质',
        body: '报告基于已知的常见位点和公开的科学文献，仅供健康参考与兴趣了解，不能替代临床诊断或医生的建议；疾病风险还受生活方式与环境影响。若结果引起你的担忧，请咨询医生或遗传咨询师，不要仅凭报告自行用药或停药。',
      },
      {
        key: 'data',
        heading: '基因数据',
        body: '你的原始数据和报告归你所有，我们按《隐私政策》保存和使用：仅用于为你生成报告，不会出售；参与科研需要你单独同意。你可以随时下载、删除数据或注销账户。',
      },
      {
        key: 'relatives',
        heading: '基因亲人',
        body: '基因亲人功能默认关闭，开启前需同意《基因亲人服务协议》。亲缘关系可能揭示你未曾预料的事实（如收养、非亲生关系），请在开启前慎重考虑。不得上传他人数据冒充本人、批量上传伪造数据或以任何方式试探、收集其他用户的信息；发现此类行为，我们会暂停相关账户的比对。',
      },
      {
        key: 'conduct',
        heading: '使用规范',
        body: '你在社区、私信等处发布的内容应遵守法律法规，不得侵犯他人权益；我们可以对违规内容进行处理。',
      },
      {
        key: 'orders',
        heading: '订单与退款',
        body: '价格以下单时页面显示为准，由服务器按当时的价格与优惠计算；订单的取消与退款按订单详情页写明的规则办理，退款原路退回。',
      },
      {
        key: 'changes',
        heading: '协议变更与联系我们',
        body: '本协议更新时，我们会在网站和 App 中提示你；重大变更会在生效前告知。对本协议有任何疑问，可通过页面底部的客服方式联系我们。',
      },
    ],
  },
  {
    slug: 'app',
    title: '下载 App',
    summary: '在手机上随时查看你的报告，检测进度和报告更新第一时间通知你。',
    sections: [
      {
        key: 'features',
        heading: 'App 能做什么',
        items: [
          { title: '随身报告', text: '与网页版是同一份报告：健康、特质、祖源与基因亲人，在手机上随时查看。' },
          { title: '进度与更新通知', text: '采样盒寄回、实验室检测、报告生成与更新，每一步都会通知你。' },
          { title: '绑定条码', text: '收到采样盒后用手机扫描采样管条码即可绑定检测人。' },
        ],
      },
    ],
  },
];

export const DEMO_DESCRIPTIONS: DescriptionConfig[] = [
  { key: 'IS_OPEN_PIWIK', name: '是否开启访问统计', content: 'false', contentType: 'text' },
  {
    key: 'SUPPORT_PRODUCT_UPDATE_EXTEND',
    name: '支持升级扩展的单品',
    content: 'TRAIT,ANCESTRY,ANCESTRY_TRAIT',
    contentType: 'csv',
  },
  {
    key: 'LANDING_PAGE_CONTACT_DRAIN',
    name: '落地页联系方式',
    content: JSON.stringify({ web: { text: '在线咨询', hours: '工作日 09:00-18:00' } }),
    contentType: 'json',
  },
];
