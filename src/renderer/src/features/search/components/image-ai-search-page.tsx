import {
  CloseOutlined,
  PaperClipOutlined,
  PictureOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Empty, Input, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ImageSearchHit, ImageSearchResult } from '@shared/contract/image-search';
import type { SearchImageFile } from '@shared/contract/image-search';
import { MSG } from '@shared/messages';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-state';
import { WorkCard } from '../../../components/work-card';
import { WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { searchNavigationState } from '../../../lib/search-origin';
import { useAiWordHits } from '../api/image-ai-word-hits';
import type { AiWordHits } from '../api/image-ai-word-hits';
import { uploadSearchImage } from '../api/image-search-upload';
import { useImagePaste } from '../hooks/use-image-paste';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import {
  SEARCH_ACCEPT_ATTRIBUTE,
  dragHasFiles,
  filesOf,
  prepareSearchFiles,
  searchUploadCountProblem,
} from '../lib/image-upload-files';
import { useImageSearchStore } from '../store/image-search-store';
import { ImageResultGroup, ImageResultGroups } from './image-result-groups';
import { WordResultCard } from './word-result-card';
import './image-search.css';
import './word-search.css';

/** Image results weighed against the words: the most the server gives on one page. */
const AI_IMAGE_PAGE_SIZE = 60;

type Attachment = { name: string; previewUrl: string | null; file: SearchImageFile };
type Submitted = { sentence: string; withImage: boolean };

/**
 * With words and an image: the image's results that the words also find come first (图文都符合),
 * then the rest of the image's results — the picture decides what is alike, the words reorder it.
 */
export function rankByWords(
  image: ImageSearchResult,
  words: AiWordHits,
): { both: ImageSearchHit[]; rest: ImageSearchHit[] } {
  const worded = new Set(words.list.map((w) => w.id));
  const hits = [...image.same, ...image.similar];
  return {
    both: hits.filter((h) => worded.has(h.id)),
    rest: hits.filter((h) => !worded.has(h.id)),
  };
}

function MatchGrid({ hits }: { hits: readonly ImageSearchHit[] }) {
  return (
    <div className="work-grid">
      {hits.map((hit) => (
        <WorkCard
          key={hit.id}
          work={hit}
          footer={
            <Tag color={hit.match === 'same' ? 'red' : 'blue'}>
              {hit.match === 'same' ? TEXT.same : TEXT.similar}
            </Tag>
          }
        />
      ))}
    </div>
  );
}

/**
 * §2 /ai-search (AI搜索): one box for a sentence and/or an image (pick, drop or paste). Words only:
 * word search (every word, else most of them); an image only: image search; both: the image's
 * results with those the words also find first.
 */
export function ImageAiSearchPage() {
  const { message } = App.useApp();
  const location = useLocation();
  const setImage = useImageSearchStore((s) => s.setImage);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [imageResult, setImageResult] = useState<ImageSearchResult | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageSearching, setImageSearching] = useState(false);
  const [over, setOver] = useState(false);
  const words = useAiWordHits(submitted?.sentence ?? '');

  // The preview's object URL lives as long as the attachment.
  useEffect(() => {
    const url = attachment?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [attachment]);

  const attach = async (files: File[]) => {
    const problem = searchUploadCountProblem(files, 'single');
    if (problem) {
      message.error(problem);
      return;
    }
    const [file] = files;
    if (!file) return;
    setPreparing(true);
    try {
      const [prepared] = await prepareSearchFiles([file]);
      if (!prepared?.ok) {
        message.error(prepared?.message ?? MSG.operationFailed);
        return;
      }
      setAttachment({
        name: file.name,
        previewUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
        file: prepared.file,
      });
      setImageResult(null);
      setImageError(null);
    } finally {
      setPreparing(false);
    }
  };
  useImagePaste((files) => void attach(files), !preparing);

  const submit = async () => {
    const sentence = text.trim();
    if (!sentence && !attachment) {
      message.warning(TEXT.aiNeedInput);
      return;
    }
    setSubmitted({ sentence, withImage: attachment !== null });
    if (!attachment || imageResult) return;
    setImageSearching(true);
    setImageError(null);
    try {
      const result = await uploadSearchImage(
        attachment.file,
        { ignoreColor: false },
        AI_IMAGE_PAGE_SIZE,
      );
      setImageResult(result);
      // The image becomes the session's search image (§3), for 框选、忽略颜色 on /search/picSearch.
      setImage(result.query);
    } catch (error) {
      const content = error instanceof Error ? error.message : MSG.operationFailed;
      setImageError(content);
      message.error(content);
    } finally {
      setImageSearching(false);
    }
  };

  const onDragOver = (event: DragEvent) => {
    if (!dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    setOver(false);
    const files = filesOf(event.dataTransfer?.files);
    if (files.length === 0) return;
    event.preventDefault();
    void attach(files);
  };

  return (
    <div className="page-container ai-search">
      <PageHeader title={TEXT.aiTitle} subtitle={TEXT.aiSubtitle} />
      <div
        className={`ai-search__box${over ? ' is-over' : ''}`}
        data-testid="ai-search-box"
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {attachment ? (
          <div className="ai-search__attachment" data-testid="ai-search-attachment">
            {attachment.previewUrl ? (
              <img src={attachment.previewUrl} alt={attachment.name} />
            ) : (
              <PictureOutlined aria-hidden="true" />
            )}
            <span className="ai-search__attachment-name">{attachment.name}</span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={TEXT.aiRemoveImage}
              onClick={() => {
                setAttachment(null);
                setImageResult(null);
              }}
            />
          </div>
        ) : null}
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={TEXT.aiPlaceholder}
          aria-label={TEXT.aiTitle}
          autoSize={{ minRows: 2, maxRows: 6 }}
          variant="borderless"
          onPressEnter={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void submit();
          }}
        />
        <div className="ai-search__actions">
          <Button
            icon={<PaperClipOutlined />}
            loading={preparing}
            onClick={() => inputRef.current?.click()}
          >
            {TEXT.aiAttach}
          </Button>
          <span className="ai-search__hint">{TEXT.acceptHintSingle}</span>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={imageSearching}
            onClick={() => void submit()}
          >
            {TEXT.aiSearch}
          </Button>
        </div>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={SEARCH_ACCEPT_ATTRIBUTE}
          data-testid="ai-search-file-input"
          onChange={(event) => {
            const files = filesOf(event.target.files);
            event.target.value = '';
            if (files.length > 0) void attach(files);
          }}
        />
      </div>
      {submitted ? (
        <AiSearchResults
          submitted={submitted}
          words={words}
          image={imageResult}
          imageError={imageError}
          imageSearching={imageSearching}
          picSearchState={searchNavigationState(location)}
        />
      ) : null}
    </div>
  );
}

type AiSearchResultsProps = {
  submitted: Submitted;
  words: ReturnType<typeof useAiWordHits>;
  image: ImageSearchResult | null;
  imageError: string | null;
  imageSearching: boolean;
  picSearchState: ReturnType<typeof searchNavigationState>;
};

function AiSearchResults({
  submitted,
  words,
  image,
  imageError,
  imageSearching,
  picSearchState,
}: AiSearchResultsProps) {
  const { sentence, withImage } = submitted;
  if (withImage && imageError) return <Alert type="error" showIcon title={imageError} />;
  if (sentence && words.isError) {
    return (
      <LoadError
        title={TEXT.searchFailed}
        error={words.error}
        onRetry={() => void words.refetch()}
      />
    );
  }
  const waiting = (withImage && (imageSearching || !image)) || (sentence !== '' && !words.data);
  if (waiting) return <WorkGrid works={undefined} loading />;

  const moreImage = (
    <Link to={paths.picSearch} state={picSearchState}>
      {TEXT.aiMoreImage}
    </Link>
  );

  if (withImage && image && !sentence) {
    const sameTotal = image.sameTotal;
    return (
      <div className="ai-search__results">
        <p className="ai-search__more">{moreImage}</p>
        {image.total === 0 ? (
          <Empty className="grid-empty" description={TEXT.emptyTitle} />
        ) : (
          <ImageResultGroups
            same={image.same}
            similar={image.similar}
            sameTotal={sameTotal}
            similarTotal={image.total - sameTotal}
          />
        )}
      </div>
    );
  }

  const hits = words.data;
  if (!hits) return null;

  if (withImage && image) {
    const { both, rest } = rankByWords(image, hits);
    return (
      <div className="ai-search__results">
        <p className="ai-search__more">{moreImage}</p>
        {both.length + rest.length === 0 ? (
          <Empty className="grid-empty" description={TEXT.emptyTitle} />
        ) : null}
        {both.length > 0 ? (
          <ImageResultGroup id="ai-search-both" title={TEXT.aiBoth} count={both.length}>
            <MatchGrid hits={both} />
          </ImageResultGroup>
        ) : null}
        {rest.length > 0 ? (
          <ImageResultGroup id="ai-search-rest" title={TEXT.aiImageOnly} count={rest.length}>
            <MatchGrid hits={rest} />
          </ImageResultGroup>
        ) : null}
      </div>
    );
  }

  return (
    <div className="ai-search__results">
      {hits.understood.length > 0 ? (
        <p className="ai-search__understood" data-testid="ai-search-understood">
          {TEXT.aiUnderstood(hits.understood)}
        </p>
      ) : null}
      {hits.relaxed && hits.list.length > 0 ? (
        <Alert
          className="ai-search__notice"
          type="info"
          showIcon
          title={hits.notice || TEXT.aiRelaxed}
          data-testid="ai-search-notice"
        />
      ) : null}
      {hits.list.length === 0 ? (
        <Empty className="grid-empty" description={TEXT.aiNoWords} />
      ) : (
        <section className="image-results__group" aria-labelledby="ai-search-words">
          <h3 id="ai-search-words" className="image-results__heading">
            {TEXT.aiWords}
            <span className="image-results__count">
              {hits.relaxed ? hits.list.length : hits.total}
            </span>
          </h3>
          <div className="work-grid">
            {hits.list.map((work) => (
              <WordResultCard key={work.id} work={work} />
            ))}
          </div>
          {!hits.relaxed && hits.understood.length === 0 && hits.total > hits.list.length ? (
            <p className="ai-search__more">
              <Link to={paths.wordSearchFor(sentence)}>{TEXT.aiMoreWords}</Link>
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
