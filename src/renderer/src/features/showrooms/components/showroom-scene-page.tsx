import { Button, Empty } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShowroomDetail } from '@shared/contract/showrooms';
import { HallFrame } from './hall-frame';

/** Works hung per wall; the room has four walls, so a hall of more works has a longer room. */
const PER_WALL = 4;
const STEP = 120;
const TURN = 90;

type Wall = { key: string; transform: string; works: ShowroomDetail['works'] };

/**
 * A four-walled room of CSS 3D transforms: the works are split over the walls (left, front,
 * right, back), the camera turns by 90° and walks along its axis. No WebGL needed.
 */
export function roomWalls(works: ShowroomDetail['works'], depth: number): Wall[] {
  const sides = [
    { key: 'front', transform: `translateZ(${-depth / 2}px)` },
    { key: 'right', transform: `rotateY(-90deg) translateZ(${-depth / 2}px)` },
    { key: 'back', transform: `rotateY(180deg) translateZ(${-depth / 2}px)` },
    { key: 'left', transform: `rotateY(90deg) translateZ(${-depth / 2}px)` },
  ];
  const per = Math.max(PER_WALL, Math.ceil(works.length / 4));
  return sides.map((s, i) => ({ ...s, works: works.slice(i * per, (i + 1) * per) }));
}

function Scene({ hall }: { hall: ShowroomDetail }) {
  const [angle, setAngle] = useState(0);
  const [walk, setWalk] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const depth = 900;
  const limit = depth / 2 - 150;
  const move = useCallback(
    (by: number) => setWalk((w) => Math.max(-limit, Math.min(limit, w + by))),
    [limit],
  );
  const turn = useCallback((by: number) => setAngle((a) => a + by), []);
  useEffect(() => {
    stage.current?.focus();
  }, []);
  if (hall.works.length === 0) {
    return <Empty description="展厅里还没有作品，添加作品后即可 3D 漫游。" />;
  }
  const walls = roomWalls(hall.works, depth);
  const onKey = (e: React.KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => turn(-TURN),
      ArrowRight: () => turn(TURN),
      ArrowUp: () => move(STEP),
      ArrowDown: () => move(-STEP),
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };
  return (
    <div className="showroom-scene">
      <div
        ref={stage}
        className="showroom-scene__stage"
        tabIndex={0}
        role="application"
        aria-label="3D 展厅：方向键左右转身，上下前进后退"
        onKeyDown={onKey}
      >
        <div
          className="showroom-scene__room"
          data-testid="scene-room"
          style={{ transform: `translateZ(${walk}px) rotateY(${angle}deg)` }}
        >
          <div
            className="showroom-scene__floor"
            style={{ transform: `rotateX(90deg) translateZ(-200px)` }}
          />
          {walls.map((wall) => (
            <div
              key={wall.key}
              className="showroom-scene__wall"
              style={{ transform: wall.transform, background: hall.background }}
            >
              {wall.works.map((w) => (
                <figure key={w.id} className="showroom-scene__frame">
                  <img src={w.thumbUrl} alt={w.title} />
                  <figcaption>{w.title}</figcaption>
                </figure>
              ))}
            </div>
          ))}
        </div>
      </div>
      <div className="showroom-scene__controls">
        <Button onClick={() => turn(-TURN)}>向左转</Button>
        <Button onClick={() => move(STEP)}>前进</Button>
        <Button onClick={() => move(-STEP)}>后退</Button>
        <Button onClick={() => turn(TURN)}>向右转</Button>
        <span className="showrooms__hint">也可用键盘方向键：← → 转身，↑ ↓ 前进后退</span>
      </div>
    </div>
  );
}

/** /user/myShowRoom/scene3d 3D 漫游: the hall's works on the walls of a CSS 3D room. */
export function ShowroomScenePage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="scene3d" title="3D 漫游">
      {(hall) => <Scene hall={hall} />}
    </HallFrame>
  );
}
