import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Slider } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import type { UserInfo } from '../../lib/api/index.ts';
import { useBrowserApi } from '../../lib/browserApi.ts';
import { CROP_CANVAS, CROP_ZOOM, cropperZoom, cropToBlob, type PixelArea } from './cropImage.ts';

const ACCEPTED = ['image/png', 'image/jpeg'];

/**
 * §7.3/§5 avatar upload: pick a png/jpg/jpeg, crop it square on a 240×240 canvas (zoom 0–2 in
 * 0.01 steps), upload the crop (at most 240×240); the server checks the bytes and re-encodes it.
 */
export function AvatarUpload({ onUploaded }: { onUploaded: (avatar: NonNullable<UserInfo['avatarUrl']>) => void }) {
  const api = useBrowserApi();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(0);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      message.error('仅支持 png、jpg、jpeg 格式的图片');
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(0);
    setSrc(URL.createObjectURL(file));
  };

  const onCropComplete = useCallback((_a: unknown, pixels: PixelArea) => setArea(pixels), []);

  const upload = async () => {
    if (!src || !area) return;
    setUploading(true);
    try {
      const blob = await cropToBlob(src, area);
      const res = await api.uploadImage(blob, 'avatar.png', 'avatar');
      if (res.code !== 0 || !res.data) throw new Error(res.msg);
      onUploaded({ type: 'img', url: res.data.uploadUrl });
      setSrc(null);
    } catch {
      message.error('上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        style={{ display: 'none' }}
        onChange={pick}
        data-testid="avatar-file"
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        上传照片
      </Button>
      <Modal
        open={Boolean(src)}
        title="裁剪头像"
        onCancel={() => setSrc(null)}
        onOk={upload}
        okText="上传"
        cancelText="取消"
        confirmLoading={uploading}
        width={320}
      >
        <div className="crop-canvas" style={{ width: CROP_CANVAS, height: CROP_CANVAS }} data-testid="crop-canvas">
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={cropperZoom(zoom)}
              aspect={1}
              cropShape="round"
              onCropChange={setCrop}
              onZoomChange={(z) => setZoom(Math.min(CROP_ZOOM.max, Math.max(CROP_ZOOM.min, z - 1)))}
              onCropComplete={onCropComplete}
            />
          )}
        </div>
        <Slider min={CROP_ZOOM.min} max={CROP_ZOOM.max} step={CROP_ZOOM.step} value={zoom} onChange={setZoom} ariaLabelForHandle="缩放" />
      </Modal>
    </>
  );
}
