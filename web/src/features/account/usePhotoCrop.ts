import { useState } from 'react';
import type { Area, MediaSize, Point } from 'react-easy-crop';
import type { MessageRef } from '../../app/forms/message-ref';
import { loadImage, maxZoomFor, renderAvatar, type Size } from './crop';
import { checkPhotoSize } from './photo-file';

/**
 * The state of cropping one photo: position, zoom (limited so the square stays at least 50 px
 * of the image), the chosen area, and saving it as a 64×64 JPEG. A crop that cannot be drawn
 * reads user.cropError; a save that fails reads user.avatarSaveError.
 */
export function usePhotoCrop(imageUrl: string, onSave: (avatar: string) => Promise<void>) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [image, setImage] = useState<Size | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState<MessageRef | null>(null);
  const [busy, setBusy] = useState(false);
  const tooSmall = image ? checkPhotoSize(image.width, image.height) : null;

  const onMediaLoaded = (media: MediaSize) =>
    setImage({ width: media.naturalWidth, height: media.naturalHeight });

  const save = async () => {
    if (!image || !area) return;
    setBusy(true);
    setProblem(null);
    try {
      const avatar = await render(imageUrl, image, area);
      if (avatar === null) return setProblem({ key: 'user.cropError' });
      await onSave(avatar);
    } catch {
      setProblem({ key: 'user.avatarSaveError' });
    } finally {
      setBusy(false);
    }
  };

  return {
    crop,
    setCrop,
    zoom,
    setZoom,
    maxZoom: image ? maxZoomFor(image) : 1,
    setArea,
    onMediaLoaded,
    save,
    busy,
    ready: area !== null && tooSmall === null,
    message: tooSmall ?? problem,
  };
}

/** The cropped avatar, or null when the image could not be drawn. */
async function render(imageUrl: string, image: Size, area: Area): Promise<string | null> {
  try {
    return renderAvatar(await loadImage(imageUrl), image, area);
  } catch {
    return null;
  }
}
