import { COMMUNITY_MODULES, type CommunityModule, POST_IMAGES_MAX, POST_TEXT_MAX, type PostView } from '@jiyin/contracts/community';
import { isOk } from '@jiyin/contracts/envelope';
import { sanitizeChatText } from '@jiyin/contracts/social';
import { PictureOutlined } from '@ant-design/icons';
import { App, Button, Input, Segmented, Select, Upload } from 'antd';
import { useState } from 'react';
import { useBrowserApi } from '../../lib/browserApi.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** Words a check refused, as the writer is told them. */
export function antispamMessage(words: string[]): string {
  return words.length ? `内容包含不允许发布的词语「${words.join('、')}」，请修改后再发布` : '内容包含不允许发布的信息，请修改后再发布';
}

/**
 * Writing a post or a question: text, up to 9 png/jpg pictures (§5, re-encoded by the server), checked
 * by the antispam call before it is published (§7.4; the server checks again on publishing).
 */
export function PostComposer({ module, onPosted }: { module: CommunityModule | null; onPosted: (p: PostView) => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const [target, setTarget] = useState<CommunityModule>(module ?? COMMUNITY_MODULES[0].id);
  const [kind, setKind] = useState<'post' | 'question'>('post');
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) return void message.error('仅支持 png、jpg、jpeg 格式的图片');
    if (images.length >= POST_IMAGES_MAX) return void message.error(`最多上传 ${POST_IMAGES_MAX} 张图片`);
    const res = await api.uploadImage(file, file.name, 'community');
    if (!isOk(res)) return void message.error('图片上传异常');
    setImages((list) => [...list, res.data.uploadUrl]);
  };

  const publish = async () => {
    const content = sanitizeChatText(text);
    if (!content) return void message.error('请输入内容');
    setBusy(true);
    try {
      const check = await api.antispam([content]);
      if (!isOk(check)) return void message.error(check.msg);
      if (!check.data.pass) return void message.error(antispamMessage(check.data.list[0].words));
      const res = await api.createPost({ module: target, kind, content, images });
      if (!isOk(res)) return void message.error(res.msg);
      message.success('发布成功');
      setText('');
      setImages([]);
      onPosted(res.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="post-composer" data-testid="post-composer">
      <div className="post-composer__row">
        <Segmented
          value={kind}
          onChange={(v) => setKind(v as 'post' | 'question')}
          options={[
            { value: 'post', label: '发帖' },
            { value: 'question', label: '提问' },
          ]}
        />
        <Select
          aria-label="版块"
          value={target}
          onChange={setTarget}
          options={COMMUNITY_MODULES.map((m) => ({ value: m.id, label: m.name }))}
          style={{ minWidth: 120 }}
        />
      </div>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={kind === 'question' ? '写下你的问题，向大家请教' : '分享你的寻根故事或心得'}
        maxLength={POST_TEXT_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        aria-label="帖子内容"
        data-testid="post-input"
      />
      {images.length > 0 && (
        <div className="post-composer__images">
          {images.map((src) => (
            <button
              type="button"
              key={src}
              className="post-composer__thumb"
              onClick={() => setImages((list) => list.filter((x) => x !== src))}
              title="移除图片"
            >
              <img src={src} alt="待发布的图片" />
            </button>
          ))}
        </div>
      )}
      <div className="post-composer__row post-composer__row--end">
        <Upload
          accept=".png,.jpg,.jpeg"
          showUploadList={false}
          multiple
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<PictureOutlined />}>图片</Button>
        </Upload>
        <Button type="primary" loading={busy} onClick={publish} data-testid="post-submit">
          发布
        </Button>
      </div>
    </section>
  );
}
