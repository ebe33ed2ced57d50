import type { FastifyError, FastifyInstance } from 'fastify';
import {
  AVATAR_BODY_LIMIT,
  cancelDeletion,
  changeMyPassword,
  changePhone,
  exportMyData,
  getProfile,
  phoneCaptcha,
  requestDeletion,
  saveNickName,
  uploadAvatar,
  verifyOldPhone,
} from '@shared/contract/profile';
import { PROFILE_RULE_MSG, maskPhone } from '@shared/rules/profile';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import { revealsSandboxCode } from '../accounts/sms-codes';
import * as avatar from './avatar-service';
import * as deletion from './deletion-service';
import * as dataExport from './export-service';
import * as phone from './phone-service';
import * as profile from './profile-service';

// The profile page /user/user (issue 13 "Profile"; docs/profile.md).

export function registerProfileRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getProfile, async (_input, { currentUser }) =>
    profile.getProfile(deps, currentUser().id),
  );
  registerCall(app, saveNickName, async (input, { currentUser }) =>
    profile.saveNickName(deps, currentUser().id, input.nickName),
  );
  registerCall(app, changeMyPassword, async (input, { currentUser }) =>
    profile.changeMyPassword(deps, currentUser(), input),
  );
  registerCall(app, phoneCaptcha, async (input, { currentUser, request }) => {
    const sent = await phone.sendPhoneCaptcha(deps, currentUser().id, input, request.ip);
    return {
      resendAfter: 60,
      phoneMasked: maskPhone(sent.phone),
      ...(revealsSandboxCode(deps, request) ? { sandboxCode: sent.code } : {}),
    };
  });
  registerCall(app, verifyOldPhone, async (input, { currentUser }) =>
    phone.verifyOldPhone(deps, currentUser().id, input.code),
  );
  registerCall(app, changePhone, async (input, { currentUser }) =>
    phone.changePhone(deps, currentUser().id, input),
  );
  registerCall(app, exportMyData, async (_input, { currentUser }) =>
    dataExport.exportMyData(deps, currentUser().id),
  );
  registerCall(app, requestDeletion, async (input, { currentUser }) =>
    deletion.requestDeletion(deps, currentUser(), input),
  );
  registerCall(app, cancelDeletion, async (_input, { currentUser }) =>
    deletion.cancelDeletion(deps, currentUser().id),
  );

  // The avatar carries its image: a larger body limit, and a body past it the §5 message.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = AVATAR_BODY_LIMIT;
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw AppError.rule(PROFILE_RULE_MSG.avatarTooLarge);
      }
      throw error;
    });
    registerCall(scope, uploadAvatar, async (input, { currentUser }) =>
      avatar.uploadAvatar(deps, currentUser().id, input),
    );
  });
}
