import type { FastifyInstance } from 'fastify';
import {
  getTopic,
  getTopicList,
  getTopicSource,
  previewTopic,
  publishTopic,
  saveTopic,
} from '@shared/contract/topics';
import { registerCall } from '../../http/register-call';
import * as topics from './topic-service';

// Topic pages (issue 13): the public page and the back office's editor.

export function registerTopicsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  registerCall(app, getTopic, async (input, { user }) =>
    topics.topicView(deps, input.slug, user?.id ?? null),
  );
  registerCall(app, getTopicList, async () => topics.topicList(deps));
  registerCall(app, getTopicSource, async (input) => topics.topicSource(deps, input.slug));
  registerCall(app, saveTopic, async (input, { currentUser }) =>
    topics.saveTopic(deps, currentUser().id, input),
  );
  registerCall(app, previewTopic, async (input, { currentUser }) =>
    topics.previewTopic(deps, currentUser().id, input),
  );
  registerCall(app, publishTopic, async (input, { currentUser }) =>
    topics.publishTopic(deps, currentUser().id, input),
  );
}
