import {
  NEW_PRODUCT_VIEWBOX,
  type NewProductTemplate,
  type NewProductTemplateId,
  type TemplateStroke,
} from '@shared/contract/new-products';
import { NEW_PRODUCT_MSG } from './messages';

// The product templates of 新品生成, drawn as SVG paths in a 1000 × 1000 space: the outline the
// pattern fills, what lies under the print (handles, a camera), the seams drawn over it, and the
// folds that shade the print so it reads as cloth, canvas or plastic. The browser draws the outline,
// underlay and seams for its live preview; the server renders all of it with sharp (render.ts).

/** A soft fold or highlight of the shading layer: an ellipse, blurred. */
export type Fold = {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  /** Degrees. */
  angle: number;
  /** 0…1: how dark (shadow) or how light (highlight). */
  strength: number;
  light?: boolean;
};

export type TemplateDrawing = NewProductTemplate & {
  id: NewProductTemplateId;
  folds: Fold[];
  /** How much the outline's rim darkens (0…1): puffy pillows much, flat cases little. */
  rim: number;
};

const SEAM = 'rgba(40,32,24,0.45)';
const HEM = 'rgba(255,255,255,0.35)';
const seam = (d: string, width = 3, stroke = SEAM): TemplateStroke => ({
  d,
  fill: 'none',
  stroke,
  width,
});

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0 Z`;

const roundRect = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y} H${x + w - r} A${r} ${r} 0 0 1 ${x + w} ${y + r} V${y + h - r} ` +
  `A${r} ${r} 0 0 1 ${x + w - r} ${y + h} H${x + r} A${r} ${r} 0 0 1 ${x} ${y + h - r} ` +
  `V${y + r} A${r} ${r} 0 0 1 ${x + r} ${y} Z`;

const T = NEW_PRODUCT_MSG.templates;

const CAMERA = roundRect(345, 115, 150, 170, 34);

export const TEMPLATES: readonly TemplateDrawing[] = [
  {
    id: 'tshirt',
    title: T.tshirt,
    shape:
      'M380 110 Q500 190 620 110 L790 165 L925 355 L805 425 L760 370 L762 900 ' +
      'Q500 928 238 900 L240 370 L195 425 L75 355 L210 165 Z',
    underlay: [],
    details: [
      seam('M380 110 Q500 190 620 110', 5),
      seam('M398 121 Q500 206 602 121', 2),
      seam('M262 152 Q282 270 240 370'),
      seam('M738 152 Q718 270 760 370'),
      seam('M92 335 L212 402', 2),
      seam('M908 335 L788 402', 2),
      seam('M240 878 Q500 904 760 878', 2),
    ],
    backdrop: '#eceae6',
    folds: [
      { cx: 330, cy: 620, rx: 40, ry: 260, angle: 4, strength: 0.28 },
      { cx: 655, cy: 640, rx: 45, ry: 250, angle: -5, strength: 0.24 },
      { cx: 500, cy: 560, rx: 120, ry: 300, angle: 0, strength: 0.2, light: true },
      { cx: 250, cy: 250, rx: 60, ry: 110, angle: 35, strength: 0.25 },
      { cx: 750, cy: 250, rx: 60, ry: 110, angle: -35, strength: 0.25 },
      { cx: 480, cy: 860, rx: 200, ry: 30, angle: 3, strength: 0.18 },
    ],
    rim: 0.35,
  },
  {
    id: 'pillow',
    title: T.pillow,
    shape: 'M130 135 Q500 185 870 135 Q820 500 870 870 Q500 820 130 870 Q180 500 130 135 Z',
    underlay: [],
    details: [
      seam('M130 135 Q500 185 870 135 Q820 500 870 870 Q500 820 130 870 Q180 500 130 135 Z', 4),
    ],
    backdrop: '#e6e1da',
    folds: [
      { cx: 500, cy: 470, rx: 280, ry: 250, angle: 0, strength: 0.3, light: true },
      { cx: 180, cy: 180, rx: 90, ry: 30, angle: 45, strength: 0.35 },
      { cx: 820, cy: 180, rx: 90, ry: 30, angle: -45, strength: 0.35 },
      { cx: 180, cy: 820, rx: 90, ry: 30, angle: -45, strength: 0.35 },
      { cx: 820, cy: 820, rx: 90, ry: 30, angle: 45, strength: 0.35 },
      { cx: 520, cy: 760, rx: 260, ry: 50, angle: -2, strength: 0.2 },
    ],
    rim: 0.6,
  },
  {
    id: 'tote',
    title: T.tote,
    shape: 'M215 345 L785 345 L812 905 L188 905 Z',
    underlay: [
      seam('M330 350 C320 110 470 95 470 350', 30, '#d9c8a9'),
      seam('M530 350 C530 95 680 110 670 350', 30, '#d9c8a9'),
    ],
    details: [
      seam('M215 372 L785 372', 2),
      seam('M330 345 L330 420 M470 345 L470 420 M530 345 L530 420 M670 345 L670 420', 3),
      seam('M193 880 L807 880', 2),
    ],
    backdrop: '#ebe7df',
    folds: [
      { cx: 300, cy: 640, rx: 30, ry: 240, angle: 2, strength: 0.16 },
      { cx: 700, cy: 620, rx: 35, ry: 230, angle: -3, strength: 0.14 },
      { cx: 480, cy: 600, rx: 160, ry: 260, angle: 0, strength: 0.14, light: true },
    ],
    rim: 0.25,
  },
  {
    id: 'scarf',
    title: T.scarf,
    shape: 'M165 190 Q500 150 835 190 Q865 500 825 825 Q500 865 180 830 Q140 500 165 190 Z',
    underlay: [],
    details: [
      seam(
        'M190 212 Q500 175 810 212 Q838 500 802 802 Q500 838 203 806 Q165 500 190 212 Z',
        2,
        HEM,
      ),
    ],
    backdrop: '#e9e6ee',
    folds: [
      { cx: 380, cy: 420, rx: 28, ry: 360, angle: 35, strength: 0.22 },
      { cx: 620, cy: 560, rx: 30, ry: 380, angle: 35, strength: 0.2 },
      { cx: 500, cy: 500, rx: 60, ry: 420, angle: 35, strength: 0.35, light: true },
      { cx: 280, cy: 640, rx: 40, ry: 200, angle: 35, strength: 0.25, light: true },
    ],
    rim: 0.2,
  },
  {
    id: 'phonecase',
    title: T.phonecase,
    shape: `${roundRect(320, 85, 360, 830, 72)} ${CAMERA}`,
    underlay: [
      { d: CAMERA, fill: '#2b2b30', stroke: 'none', width: 0 },
      { d: circle(385, 160, 26), fill: '#0e0e12', stroke: '#5a5a62', width: 4 },
      { d: circle(385, 235, 26), fill: '#0e0e12', stroke: '#5a5a62', width: 4 },
      { d: circle(455, 198, 14), fill: '#f5f0d8', stroke: 'none', width: 0 },
    ],
    details: [
      seam(roundRect(320, 85, 360, 830, 72), 6, 'rgba(20,20,24,0.55)'),
      seam(CAMERA, 4, 'rgba(20,20,24,0.55)'),
    ],
    backdrop: '#e3e6ea',
    folds: [
      { cx: 430, cy: 500, rx: 40, ry: 520, angle: 18, strength: 0.45, light: true },
      { cx: 620, cy: 700, rx: 30, ry: 300, angle: 18, strength: 0.2, light: true },
    ],
    rim: 0.3,
  },
  {
    id: 'dress',
    title: T.dress,
    shape:
      'M385 95 L418 95 L440 232 Q500 258 560 232 L582 95 L615 95 L645 262 ' +
      'Q612 330 604 400 L812 900 Q500 955 188 900 L396 400 Q388 330 355 262 Z',
    underlay: [],
    details: [
      seam('M440 232 Q500 258 560 232', 3),
      seam('M396 400 Q500 418 604 400', 3),
      seam('M205 880 Q500 932 795 880', 2),
    ],
    backdrop: '#efe9e4',
    folds: [
      { cx: 420, cy: 680, rx: 30, ry: 260, angle: 12, strength: 0.28 },
      { cx: 580, cy: 680, rx: 30, ry: 260, angle: -12, strength: 0.28 },
      { cx: 300, cy: 760, rx: 26, ry: 170, angle: 24, strength: 0.22 },
      { cx: 700, cy: 760, rx: 26, ry: 170, angle: -24, strength: 0.22 },
      { cx: 500, cy: 680, rx: 60, ry: 260, angle: 0, strength: 0.25, light: true },
      { cx: 500, cy: 320, rx: 90, ry: 60, angle: 0, strength: 0.16, light: true },
    ],
    rim: 0.35,
  },
];

const BY_ID = new Map<string, TemplateDrawing>(TEMPLATES.map((t) => [t.id, t]));

export const templateById = (id: string): TemplateDrawing | undefined => BY_ID.get(id);

/** What the browser needs of the templates (NewProduct/GetTemplates). */
export const publicTemplates = (): NewProductTemplate[] =>
  TEMPLATES.map(({ id, title, shape, underlay, details, backdrop }) => ({
    id,
    title,
    shape,
    underlay,
    details,
    backdrop,
  }));

const strokeSvg = (s: TemplateStroke) =>
  `<path d="${s.d}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${s.width}" ` +
  'stroke-linecap="round" stroke-linejoin="round"/>';

const svg = (side: number, body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" ` +
      `viewBox="0 0 ${NEW_PRODUCT_VIEWBOX} ${NEW_PRODUCT_VIEWBOX}">${body}</svg>`,
  );

/** The backdrop: a soft vertical gradient and the product's drop shadow (soft: drawn small). */
export function backdropSvg(t: TemplateDrawing, side: number): Buffer {
  return svg(
    side,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">' +
      `<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${t.backdrop}"/>` +
      '</linearGradient><filter id="sh" x="-20%" y="-20%" width="140%" height="140%">' +
      '<feGaussianBlur stdDeviation="18"/></filter></defs>' +
      '<rect width="1000" height="1000" fill="url(#bg)"/>' +
      `<path d="${t.shape}" fill="rgba(0,0,0,0.28)" fill-rule="evenodd" ` +
      'transform="translate(10 22)" filter="url(#sh)"/>',
  );
}

/** What lies under the print (handles, a camera), on transparency, drawn sharp. */
export function underlaySvg(t: TemplateDrawing, side: number): Buffer {
  return svg(side, t.underlay.map(strokeSvg).join(''));
}

/** The outline, white on black: the print's alpha. */
export function maskSvg(t: TemplateDrawing, side: number): Buffer {
  return svg(
    side,
    '<rect width="1000" height="1000" fill="#000"/>' +
      `<path d="${t.shape}" fill="#fff" fill-rule="evenodd"/>`,
  );
}

const foldSvg = (f: Fold, colour: string) =>
  `<ellipse cx="${f.cx}" cy="${f.cy}" rx="${f.rx}" ry="${f.ry}" ` +
  `transform="rotate(${f.angle} ${f.cx} ${f.cy})" fill="${colour}" fill-opacity="${f.strength}"/>`;

/**
 * The shadows, multiplied over the print: white where nothing darkens (outside too), a light fall-off
 * to the lower right, the darker rim of a rounded object, and the fold shadows.
 */
export function shadowSvg(t: TemplateDrawing, side: number): Buffer {
  return svg(
    side,
    '<defs><radialGradient id="fall" cx="0.38" cy="0.3" r="0.85">' +
      '<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#c4c4c4"/></radialGradient>' +
      '<filter id="soft" x="-30%" y="-30%" width="160%" height="160%">' +
      '<feGaussianBlur stdDeviation="22"/></filter>' +
      `<clipPath id="in"><path d="${t.shape}" clip-rule="evenodd" fill-rule="evenodd"/></clipPath></defs>` +
      '<rect width="1000" height="1000" fill="#fff"/>' +
      '<g clip-path="url(#in)"><rect width="1000" height="1000" fill="url(#fall)"/>' +
      `<g filter="url(#soft)"><path d="${t.shape}" fill="none" stroke="#000" ` +
      `stroke-opacity="${t.rim}" stroke-width="70"/>` +
      t.folds
        .filter((f) => !f.light)
        .map((f) => foldSvg(f, '#000'))
        .join('') +
      '</g></g>',
  );
}

/** The highlights, screened over the print: black where nothing lightens. */
export function lightSvg(t: TemplateDrawing, side: number): Buffer {
  return svg(
    side,
    '<defs><filter id="soft" x="-30%" y="-30%" width="160%" height="160%">' +
      '<feGaussianBlur stdDeviation="30"/></filter>' +
      `<clipPath id="in"><path d="${t.shape}" clip-rule="evenodd" fill-rule="evenodd"/></clipPath></defs>` +
      '<rect width="1000" height="1000" fill="#000"/>' +
      '<g clip-path="url(#in)"><g filter="url(#soft)">' +
      t.folds
        .filter((f) => f.light)
        .map((f) => foldSvg(f, '#fff'))
        .join('') +
      '</g></g>',
  );
}

/** Seams and rims drawn over the print, on transparency. */
export function detailsSvg(t: TemplateDrawing, side: number): Buffer {
  return svg(side, t.details.map(strokeSvg).join(''));
}
