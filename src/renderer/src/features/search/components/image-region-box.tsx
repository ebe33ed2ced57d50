import { AimOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { SearchRegion } from '@shared/contract/image-search';
import {
  REGION_DEFAULT,
  dragRegion,
  isWholeImage,
  keyRegion,
  regionBetween,
} from '../lib/image-region';
import type { RegionHandle } from '../lib/image-region';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';

type ImageRegionBoxProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The box searched; none = the whole image. */
  region: SearchRegion | undefined;
  /** Called once a drag ends, or shortly after the last key: one search per change. */
  onChange: (region: SearchRegion | undefined) => void;
};

/** A key press waits this long for the next one before the box is searched. */
const KEY_COMMIT_MS = 500;
const CORNERS: readonly Exclude<RegionHandle, 'move'>[] = ['nw', 'ne', 'sw', 'se'];

type Drag =
  | { kind: 'handle'; handle: RegionHandle; start: SearchRegion; from: Point; pointerId: number }
  | { kind: 'draw'; from: Point; pointerId: number };
type Point = { x: number; y: number };

const sameRegion = (a: SearchRegion | undefined, b: SearchRegion | undefined) =>
  a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h);

/**
 * 框选区域: the query image with a box to search only part of it. Drag on the image to draw a box,
 * drag the box to move it, its corners to resize it; arrows move it and Shift+arrows resize it.
 * 整图搜索 goes back to the whole image.
 */
export function ImageRegionBox({ src, alt, width, height, region, onChange }: ImageRegionBoxProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The box being dragged or moved by keys, before it is searched. The ref is what a pointerup
  // reads, since the last pointermove may not have rendered yet.
  const [draft, setDraftState] = useState<SearchRegion | null>(null);
  const draftRef = useRef<SearchRegion | null>(null);
  const setDraft = (next: SearchRegion | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  // 框选区域 (the button) puts the focus on the new box, for the arrow keys.
  const focusNewBox = useRef(false);
  const shown = draft ?? region;

  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const commit = (next: SearchRegion | null) => {
    clearTimeout(keyTimer.current);
    setDraft(null);
    if (!next) return;
    const value = isWholeImage(next) ? undefined : next;
    if (!sameRegion(value, region)) onChange(value);
  };

  /** A pointer position in fractions of the image, or null before the image has a size. */
  const pointOf = (event: PointerEvent): Point | null => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    return {
      x: (event.clientX - rect.left) / rect.width,
      y: (event.clientY - rect.top) / rect.height,
    };
  };

  const begin = (event: PointerEvent, handle: RegionHandle | 'draw') => {
    if (event.button !== 0) return;
    const from = pointOf(event);
    if (!from) return;
    event.preventDefault();
    event.stopPropagation();
    const frame = frameRef.current;
    if (frame && typeof frame.setPointerCapture === 'function') {
      frame.setPointerCapture(event.pointerId);
    }
    dragRef.current =
      handle === 'draw' || !shown
        ? { kind: 'draw', from, pointerId: event.pointerId }
        : { kind: 'handle', handle, start: shown, from, pointerId: event.pointerId };
  };

  const move = (event: PointerEvent) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const at = pointOf(event);
    if (!at) return;
    setDraft(
      drag.kind === 'draw'
        ? regionBetween(drag.from, at)
        : dragRegion(drag.start, drag.handle, at.x - drag.from.x, at.y - drag.from.y),
    );
  };

  const end = (event: PointerEvent) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    // A click without a drag leaves the box as it was.
    commit(draftRef.current);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!shown) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      commit(null);
      onChange(undefined);
      return;
    }
    const next = keyRegion(shown, event.key, { shift: event.shiftKey, alt: event.altKey });
    if (!next) return;
    event.preventDefault();
    setDraft(next);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => commit(next), KEY_COMMIT_MS);
  };

  return (
    <div className="image-region">
      <div
        ref={frameRef}
        className={`image-region__frame${shown ? ' has-box' : ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-testid="image-region-frame"
        onPointerDown={(event) => begin(event, 'draw')}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      >
        <img src={src} alt={alt} draggable={false} className="image-region__image" />
        {shown ? (
          <div
            ref={(element) => {
              if (element && focusNewBox.current) {
                focusNewBox.current = false;
                element.focus();
              }
            }}
            className="image-region__box"
            role="group"
            aria-label={TEXT.regionBoxLabel}
            tabIndex={0}
            data-testid="image-region-box"
            style={{
              left: `${shown.x * 100}%`,
              top: `${shown.y * 100}%`,
              width: `${shown.w * 100}%`,
              height: `${shown.h * 100}%`,
            }}
            onPointerDown={(event) => begin(event, 'move')}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (draftRef.current && !dragRef.current) commit(draftRef.current);
            }}
          >
            {CORNERS.map((corner) => (
              <span
                key={corner}
                className={`image-region__handle image-region__handle--${corner}`}
                data-handle={corner}
                aria-hidden="true"
                onPointerDown={(event) => begin(event, corner)}
              />
            ))}
          </div>
        ) : null}
      </div>
      <p className="image-region__hint">{TEXT.regionHint}</p>
      <div className="image-region__actions">
        <Button
          size="small"
          icon={<AimOutlined />}
          disabled={Boolean(region)}
          onClick={() => {
            focusNewBox.current = true;
            onChange(REGION_DEFAULT);
          }}
        >
          {TEXT.regionStart}
        </Button>
        <Button
          size="small"
          icon={<ExpandOutlined />}
          disabled={!region && !draft}
          onClick={() => {
            commit(null);
            onChange(undefined);
          }}
        >
          {TEXT.regionReset}
        </Button>
      </div>
    </div>
  );
}
