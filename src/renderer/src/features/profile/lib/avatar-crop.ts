import type { AvatarCrop } from '@shared/contract/profile';

/** The square the user chose: its size over the short side, and where it sits (0 = left/top, 1 = right/bottom). */
export type CropChoice = { size: number; x: number; y: number };

export const CENTRE_CROP: CropChoice = { size: 1, x: 0.5, y: 0.5 };

/** The crop the server cuts, in fractions of the image. */
export function toAvatarCrop(width: number, height: number, choice: CropChoice): AvatarCrop {
  const side = choice.size * Math.min(width, height);
  return {
    left: ((width - side) * choice.x) / width,
    top: ((height - side) * choice.y) / height,
    size: choice.size,
  };
}

/** CSS background size and position that show the chosen square in a box of `box` pixels. */
export function previewStyle(
  width: number,
  height: number,
  choice: CropChoice,
  box: number,
): { backgroundSize: string; backgroundPosition: string } {
  const crop = toAvatarCrop(width, height, choice);
  const scale = box / (choice.size * Math.min(width, height));
  return {
    backgroundSize: `${width * scale}px ${height * scale}px`,
    backgroundPosition: `${-crop.left * width * scale}px ${-crop.top * height * scale}px`,
  };
}
