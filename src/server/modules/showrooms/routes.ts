import type { FastifyInstance } from 'fastify';
import {
  acceptShowRoomInvite,
  addShowRoom,
  addShowRoomWorks,
  createShowRoomShare,
  deleteShowRooms,
  getCandidateWorks,
  getCooperation,
  getLockHistory,
  getMyShowRooms,
  getShowRoom,
  getShowRoomShares,
  inviteShowRoomMember,
  leaveShowRoom,
  lockShowRoom,
  removeShowRoomMember,
  removeShowRoomWork,
  revokeShowRoomShare,
  sortShowRoomWorks,
  unlockShowRoom,
  updateShowRoomSetting,
  viewSharedShowRoom,
} from '@shared/contract/showrooms';
import { registerCall } from '../../http/register-call';
import * as halls from './showroom-service';
import * as sharing from './sharing-service';

// 我的展厅 (docs/showrooms.md): halls, works, settings, share links, members and locks.

export function registerShowroomsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const me = (ctx: { currentUser: () => { id: number } }) => ctx.currentUser().id;
  registerCall(app, getMyShowRooms, async (_input, ctx) => halls.myShowRooms(deps, me(ctx)));
  registerCall(app, addShowRoom, async (input, ctx) => halls.addHall(deps, me(ctx), input));
  registerCall(app, getShowRoom, async (input, ctx) =>
    halls.hallDetail(deps, me(ctx), input.showRoomId),
  );
  registerCall(app, getCandidateWorks, async (input, ctx) =>
    halls.candidateWorks(deps, me(ctx), input),
  );
  registerCall(app, addShowRoomWorks, async (input, ctx) =>
    halls.addWorks(deps, me(ctx), input.showRoomId, input.workIds),
  );
  registerCall(app, removeShowRoomWork, async (input, ctx) =>
    halls.removeWork(deps, me(ctx), input.showRoomId, input.workId),
  );
  registerCall(app, sortShowRoomWorks, async (input, ctx) =>
    halls.sortWorks(deps, me(ctx), input.showRoomId, input.workIds),
  );
  registerCall(app, updateShowRoomSetting, async (input, ctx) =>
    halls.updateSetting(deps, me(ctx), input),
  );
  registerCall(app, deleteShowRooms, async (input, ctx) =>
    halls.deleteHalls(deps, me(ctx), input.showRoomIds),
  );
  registerCall(app, getShowRoomShares, async (input, ctx) =>
    sharing.shares(deps, me(ctx), input.showRoomId),
  );
  registerCall(app, createShowRoomShare, async (input, ctx) =>
    sharing.createShare(deps, me(ctx), input),
  );
  registerCall(app, revokeShowRoomShare, async (input, ctx) =>
    sharing.revokeShare(deps, me(ctx), input.shareId),
  );
  registerCall(app, viewSharedShowRoom, async (input) =>
    sharing.viewShared(deps, input.token, input.code ?? ''),
  );
  registerCall(app, inviteShowRoomMember, async (input, ctx) =>
    sharing.invite(deps, me(ctx), input),
  );
  registerCall(app, removeShowRoomMember, async (input, ctx) =>
    sharing.removeMember(deps, me(ctx), input.showRoomId, input.userId),
  );
  registerCall(app, getCooperation, async (_input, ctx) => sharing.cooperation(deps, me(ctx)));
  registerCall(app, acceptShowRoomInvite, async (input, ctx) =>
    sharing.acceptInvite(deps, me(ctx), input.showRoomId),
  );
  registerCall(app, leaveShowRoom, async (input, ctx) =>
    sharing.leave(deps, me(ctx), input.showRoomId),
  );
  registerCall(app, lockShowRoom, async (input, ctx) =>
    sharing.setLock(deps, me(ctx), input.showRoomId, true),
  );
  registerCall(app, unlockShowRoom, async (input, ctx) =>
    sharing.setLock(deps, me(ctx), input.showRoomId, false),
  );
  registerCall(app, getLockHistory, async (input, ctx) =>
    sharing.lockHistory(deps, me(ctx), input.showRoomId),
  );
}
