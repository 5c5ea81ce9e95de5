import type { SiteContent } from '@jiyin/contracts/api';
import { MAX_WITHDRAWAL, MIN_WITHDRAWAL } from '@jiyin/contracts/wallet';

const yuan = (fen: number) => `${fen / 100} 元`;

/**
 * Content of the in-app web views (§2.4): statements, Q&A, rules and protocols. Statements say what
 * a test is and is not; they make no claim beyond that, and point to a doctor for anything medical.
 */
export const WEBVIEW_CONTENT: SiteContent[] = [
  {
    slug: 'statement-hpv',
    title: 'HPV 检测声明',
    summary: '请在采样前读完：这项检测能告诉你什么，不能告诉你什么。',
    sections: [
      {
        key: 'what',
        heading: '这项检测是什么',
        body: '用你自己采集的宫颈或阴道分泌物样本，检测其中是否有高危型人乳头瘤病毒（HPV）的核酸。检测哪些型别、用什么方法，以你所购产品的说明为准。',
      },
      {
        key: 'not',
        heading: '它不是什么',
        body: '它不是宫颈癌的诊断。阳性只说明采样时存在相应型别的 HPV 感染，多数感染会被自身免疫清除；阴性也不代表今后不会感染。它不能代替宫颈细胞学检查和医生的妇科检查。',
      },
      {
        key: 'results',
        heading: '拿到结果以后',
        body: '结果为阳性时，请带着报告咨询妇科医生，由医生决定是否需要进一步检查；结果为阴性时，也请按医生建议定期筛查。接种过 HPV 疫苗的人同样需要筛查。',
      },
      {
        key: 'limits',
        heading: '可能影响结果的情况',
        body: '月经期、近期阴道用药或冲洗、采样前 48 小时内有性生活、未按说明采样，都可能影响结果。有异常出血、分泌物异常或疼痛等症状时，请直接就医，不要等待检测结果。孕期、子宫切除术后等情况，请先咨询医生是否适合这项检测。',
      },
    ],
  },
  {
    slug: 'statement-hp',
    title: '幽门螺杆菌检测声明',
    summary: '请在采样前读完：这项检测能告诉你什么，不能告诉你什么。',
    sections: [
      {
        key: 'what',
        heading: '这项检测是什么',
        body: '用你在家中自行采集的样本，检测是否存在幽门螺杆菌（HP）感染的迹象。采样方式与检测方法以所购产品的说明为准。',
      },
      {
        key: 'not',
        heading: '它不是什么',
        body: '它只回答“是否检出幽门螺杆菌”，不能判断你是否患有胃炎、胃溃疡或胃癌，也不能代替胃镜等医学检查。',
      },
      {
        key: 'results',
        heading: '拿到结果以后',
        body: '结果为阳性时，请咨询消化科医生是否需要治疗以及怎样治疗，不要自行服用抗生素。家人是否需要检测，也请听取医生的建议。',
      },
      {
        key: 'limits',
        heading: '可能影响结果的情况',
        body: '近期服用的抗生素、铋剂或抑制胃酸的药物可能使结果呈假阴性，采样前需停药多久以产品说明为准；未按说明采样或样本寄送超时也会影响结果。有上腹痛、黑便、呕血、消瘦等症状时，请直接就医。',
      },
    ],
  },
  {
    slug: 'statement-ngs',
    title: '测序检测声明',
    summary: '高通量测序类产品的服务范围与局限，请在下单和采样前阅读。',
    sections: [
      {
        key: 'what',
        heading: '这项服务是什么',
        body: '实验室对你的样本进行高通量测序，再按你所购产品列出的项目出具解读报告。报告只包含产品说明中列出的项目。',
      },
      {
        key: 'not',
        heading: '它不是什么',
        body: '解读报告用于健康参考与兴趣了解，不是临床诊断，不能据此用药、停药或决定治疗。测序有覆盖范围和准确度的限制，未检出某个变异不等于一定没有。',
      },
      {
        key: 'surprise',
        heading: '可能得知意料之外的信息',
        body: '基因信息可能提示你或家人的健康风险，也可能揭示你未曾预料的亲缘事实。开始之前请想清楚你是否愿意知道；对结果有疑问时，请咨询医生或遗传咨询师。',
      },
      {
        key: 'data',
        heading: '你的数据',
        body: '测序数据和报告归你所有，按《隐私政策》保存和使用，你可以随时下载或删除。',
        items: [{ title: '隐私政策', text: '我们保存什么、怎样使用，以及你随时可以做什么。', link: '/webview/interlocution/privacy' }],
      },
    ],
  },
  {
    slug: 'familystory',
    title: '家族故事问答',
    summary: '关于记录和分享家族故事的常见问题。',
    sections: [
      {
        key: 'what',
        heading: '家族故事是什么？',
        body: '家族故事是你为家族写下的文字和图片：祖辈的迁徙、字辈与族谱的来历、长辈的口述回忆等。它和基因报告是两回事：故事由你和家人撰写，不是基因检测的结果。',
      },
      {
        key: 'who',
        heading: '谁能看到我写的故事？',
        body: '默认只有你自己能看到。你可以选择分享给家族成员，或公开到家族主页；公开之后随时可以改回不公开。',
      },
      {
        key: 'living',
        heading: '可以写在世的亲人吗？',
        body: '可以，但请先征得本人同意，不要公开他人的手机号、住址、健康状况等隐私信息。若有亲人要求删除与其相关的内容，请及时删除。',
      },
      {
        key: 'edit',
        heading: '写错了怎么办？',
        body: '故事可以随时修改或删除。引用族谱、地方志等资料时，建议注明出处，方便家人核对。',
      },
    ],
  },
  {
    slug: 'qualification',
    title: '资质问答',
    summary: '关于检测机构与报告性质的常见问题。',
    sections: [
      {
        key: 'lab',
        heading: '样本在哪里检测？',
        body: '样本由所购产品说明中写明的实验室检测。各项产品对应的实验室及其资质证书信息：暂无数据。',
      },
      {
        key: 'report',
        heading: '报告可以用于看病吗？',
        body: '不能。健康类报告用于健康参考与兴趣了解，不是临床诊断；若结果引起你的担忧，请带着报告咨询医生。',
      },
      {
        key: 'import',
        heading: '导入的第三方数据由谁负责？',
        body: '你从其他检测机构导入的原始数据，其检测质量由原机构负责；我们只按导入的数据生成解读。',
      },
      {
        key: 'contact',
        heading: '还有疑问？',
        body: '可在工作日 09:00-18:00 联系客服，我们会告诉你所购产品的检测机构与资质信息。',
      },
    ],
  },
  {
    slug: 'topics-hpv',
    title: 'HPV 检测',
    summary: '居家自采样，检测高危型人乳头瘤病毒感染，结果在线查看。',
    sections: [
      {
        key: 'why',
        heading: '为什么要做 HPV 筛查',
        body: '持续的高危型 HPV 感染与宫颈癌密切相关。定期筛查能在出现症状之前发现感染，便于在医生指导下随访。筛查的频率请听取医生的建议。',
      },
      {
        key: 'steps',
        heading: '怎样检测',
        items: [
          { title: '下单收取采样盒', text: '采样盒包邮到家，内附采样说明。' },
          { title: '自行采样并寄回', text: '按说明采样，绑定采样管条码后寄回实验室。' },
          { title: '在线查看报告', text: '实验室检测完成后，报告在线更新并通知你。' },
        ],
      },
      {
        key: 'read',
        heading: '采样前请阅读',
        items: [{ title: 'HPV 检测声明', text: '这项检测能告诉你什么，不能告诉你什么。', link: '/webview/statement/hpv' }],
      },
    ],
  },
  {
    slug: 'topics-skin',
    title: '皮肤特质',
    summary: '从基因看皮肤的一些先天倾向；日晒、作息与护理对皮肤的影响往往更大。',
    sections: [
      {
        key: 'what',
        heading: '报告看什么',
        body: '个人特质报告中与皮肤相关的条目（具体条目以你的报告为准），说明你在这些位点上的基因型与研究中观察到的倾向。',
      },
      {
        key: 'limits',
        heading: '怎样看待结果',
        body: '皮肤状态受多个基因和环境共同影响，单个位点只能解释很小的一部分。结果是倾向，不是诊断；有皮肤问题请咨询皮肤科医生。',
      },
      {
        key: 'sample',
        heading: '先看看样例',
        items: [{ title: '个人特质样例报告', text: '由合成基因组生成的样例，展示报告的样子。', link: '/report/traits' }],
      },
    ],
  },
  {
    slug: 'balance-rule',
    title: '余额规则',
    summary: '余额从哪里来、怎样提现。',
    sections: [
      {
        key: 'source',
        heading: '余额从哪里来',
        body: '余额来自邀请有礼等活动的奖励，每一笔收入和支出都记录在余额明细中。',
      },
      {
        key: 'withdraw',
        heading: '提现',
        body: `单笔提现不少于 ${yuan(MIN_WITHDRAWAL)}、不超过 ${yuan(MAX_WITHDRAWAL)}，不超过当前余额。提现需要填写收款账号和收款人姓名，并用账户绑定手机号收到的验证码确认。提交后金额从余额中扣除，经人工审核后打款到你填写的账户。`,
      },
      {
        key: 'check',
        heading: '请核对收款信息',
        body: '收款人姓名须与收款账号的实名信息一致；信息有误导致打款失败的，金额退回余额。',
      },
    ],
  },
  {
    slug: 'balance-protocol',
    title: '余额服务协议',
    summary: '使用余额与提现功能前，请阅读本协议。',
    sections: [
      {
        key: 'scope',
        heading: '适用范围',
        body: '本协议适用于你账户中的余额及其提现。余额以人民币计，只属于你本人的账户，不可转让给他人。',
      },
      {
        key: 'security',
        heading: '账户安全',
        body: '每次提现都需要账户绑定手机号的短信验证码。请勿将验证码告诉任何人，我们的工作人员不会向你索要验证码。',
      },
      {
        key: 'abuse',
        heading: '异常处理',
        body: '以虚假邀请、批量注册等方式获得的奖励，我们有权不予发放或予以扣回，并暂停相关账户的提现。',
      },
      {
        key: 'changes',
        heading: '协议变更',
        body: '规则调整时，我们会在本页面更新并在 App 内提示；对本协议有疑问，可联系客服。',
      },
    ],
  },
  {
    slug: 'coupon-protocol',
    title: '优惠券使用说明',
    summary: '优惠券怎样领取、怎样使用。',
    sections: [
      {
        key: 'use',
        heading: '怎样使用',
        body: '下单时系统会列出可用的优惠券并预选优惠最多的一张，每笔订单限用一张。满减券须订单金额达到门槛；限定商品的券只能用于指定商品。',
      },
      {
        key: 'valid',
        heading: '有效期',
        body: '优惠券须在有效期内使用，过期后自动失效，不能延期。',
      },
      {
        key: 'refund',
        heading: '取消与退款',
        body: '订单取消或退款后，所用的优惠券退回你的账户，仍按原有效期使用。优惠券不能兑换现金，也不能转赠。',
      },
    ],
  },
];
