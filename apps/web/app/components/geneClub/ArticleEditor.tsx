import { type ArticleInput, type ArticleView, GENE_CLUB_CATEGORIES } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { App, Button, Form, Input, Modal, Select, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';

/**
 * Staff write and edit gene club articles in Markdown; the preview is the server's own rendering
 * (sanitised), so it shows exactly what readers will get.
 */
export function ArticleEditor({ article }: { article?: ArticleView }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [form] = Form.useForm<ArticleInput>();
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState('');
  const [saving, setSaving] = useState(false);
  const initial: Partial<ArticleInput> = article
    ? {
        title: article.title,
        summary: article.summary,
        category: article.category,
        tags: article.tags,
        markdown: article.markdown ?? '',
        published: article.published,
      }
    : { category: GENE_CLUB_CATEGORIES[0].id, tags: [], published: true };

  const showPreview = async () => {
    const res = await api.previewArticle(form.getFieldValue('markdown') ?? '');
    if (!isOk(res)) return void message.error(res.msg);
    setPreview(res.data.html);
  };
  const save = async (values: ArticleInput) => {
    setSaving(true);
    try {
      const res = await api.saveArticle(article?.id ?? null, values);
      if (!isOk(res)) return void message.error(res.msg);
      message.success('保存成功');
      window.location.href = `/gene-club/detail?id=${res.data.id}`;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="article-edit">
        {article ? '编辑文章' : '写文章'}
      </Button>
      <Modal title={article ? '编辑文章' : '写文章'} open={open} onCancel={() => setOpen(false)} width={860} footer={null} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
          <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入标题' }]}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="summary" label="摘要" rules={[{ required: true, message: '请输入摘要' }]}>
            <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 3 }} />
          </Form.Item>
          <div className="article-editor__row">
            <Form.Item name="category" label="分类">
              <Select options={GENE_CLUB_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
            <Form.Item name="tags" label="标签">
              <Select mode="tags" maxCount={8} tokenSeparators={[',', '，']} />
            </Form.Item>
            <Form.Item name="published" label="发布" valuePropName="checked">
              <Switch />
            </Form.Item>
          </div>
          <Tabs
            onChange={(key) => key === 'preview' && void showPreview()}
            items={[
              {
                key: 'write',
                label: '正文（Markdown）',
                forceRender: true,
                children: (
                  <Form.Item name="markdown" rules={[{ required: true, message: '请输入正文' }]}>
                    <Input.TextArea autoSize={{ minRows: 12, maxRows: 24 }} aria-label="正文" />
                  </Form.Item>
                ),
              },
              {
                key: 'preview',
                label: '预览',
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering (geneClub/markdown.ts)
                children: <div className="article-body article-editor__preview" dangerouslySetInnerHTML={{ __html: preview }} />,
              },
            ]}
          />
          <div className="post-composer__row post-composer__row--end">
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              保存
            </Button>
          </div>
        </Form>
      </Modal>
    </>
  );
}
