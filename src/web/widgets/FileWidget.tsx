import { useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatFileSize, megabytes } from '../../engine/text/format.ts';
import { t, type MessageKey } from '../../engine/text/messages.ts';
import { uploadFile } from '../api/upload.ts';
import { isKeptFileId } from '../offline/keptFileIds.ts';
import { fieldOf, type FieldOf, hintId, useWidgetField } from './common.tsx';

interface Item {
  key: string;
  name: string;
  size: number;
  /** 0..1 while uploading; undefined once done. */
  progress?: number;
  id?: number | string;
  /** A chosen image as a data: URL (the pages' CSP allows data: images, not blob:). */
  preview?: string;
  /** Kept on the device, uploaded when the answers are sent (no connection when it was chosen). */
  kept?: boolean;
}

function accepts(file: File, accept: string[]): boolean {
  // Some systems give no type (e.g. HEIC photos): let the server, which sniffs the bytes, decide.
  if (!file.type) return true;
  return accept.some((rule) => (rule.endsWith('/*') ? file.type.startsWith(rule.slice(0, -1)) : file.type === rule));
}

/**
 * Files are uploaded as soon as they are chosen (with progress), so the answer holds only their
 * ids and a draft restored after a reload still has them. Too-large files are never sent. Chosen
 * without a connection, a file is kept on the device and goes up with the answers (offline/keptFiles.ts).
 */
export function FileWidget(props: WidgetProps) {
  const field = fieldOf<FieldOf<'file'>>(props);
  const { lang, context, required, invalid, describedBy, disabled } = useWidgetField(props, [hintId(props.id)]);
  const input = useRef<HTMLInputElement>(null);
  const ids = (): (number | string)[] => (Array.isArray(props.value) ? props.value : props.value === undefined || props.value === null ? [] : [props.value]);
  const [items, setItems] = useState<Item[]>(() =>
    ids().map((id) => ({
      key: `saved-${id}`,
      id,
      name: context.uploadedFile(id)?.name ?? `#${id}`,
      size: context.uploadedFile(id)?.size ?? 0,
      kept: isKeptFileId(id),
    })),
  );
  const [message, setMessage] = useState<{ key: MessageKey } | null>(null);
  const [dragging, setDragging] = useState(false);
  // Uploads, progress and previews arrive in any order after later renders: the ref is the one
  // current list, and every change goes through it, so a late answer never overwrites a newer
  // change (e.g. an upload finishing before React rendered the image's preview).
  const current = useRef(items);
  const mb = megabytes(field.maxBytes);

  const show = (next: Item[]) => {
    current.current = next;
    setItems(next);
  };
  /** Changes the list and tells the form the ids now uploaded. */
  const publish = (next: Item[]) => {
    show(next);
    const done = next.filter((i) => i.id !== undefined).map((i) => i.id!);
    props.onChange(field.multiple ? (done.length ? done : undefined) : done[0]);
  };
  const update = (key: string, change: Partial<Item> | null) => {
    const next = change === null ? current.current.filter((i) => i.key !== key) : current.current.map((i) => (i.key === key ? { ...i, ...change } : i));
    publish(next);
  };
  /** A change only the list shows (progress, preview): the answer stays as it is. */
  const decorate = (key: string, change: (item: Item) => Partial<Item> | null) => {
    show(current.current.map((i) => (i.key === key ? { ...i, ...change(i) } : i)));
  };

  const choose = (files: File[]) => {
    if (input.current) input.current.value = ''; // a discarded file must not stay selected
    setMessage(null);
    const tooLarge = files.filter((f) => f.size > field.maxBytes);
    const wrongType = files.filter((f) => !tooLarge.includes(f) && !accepts(f, field.accept));
    if (tooLarge.length) setMessage({ key: 'fileTooLarge' });
    else if (wrongType.length) setMessage({ key: 'fileType' });
    let chosen = files.filter((f) => !tooLarge.includes(f) && !wrongType.includes(f));
    if (!chosen.length) return;
    if (!field.multiple) chosen = chosen.slice(0, 1);
    const kept = field.multiple ? current.current : [];
    const room = field.maxFiles ? Math.max(field.maxFiles - kept.length, 0) : chosen.length;
    const started = chosen.slice(0, room).map((file) => {
      const key = `${Date.now()}-${Math.random()}`;
      const handle = uploadFile(
        field.collection,
        file,
        (fraction) => {
          decorate(key, (i) => (i.progress !== undefined ? { progress: fraction } : null));
        },
        context.uploadAs,
      );
      context.trackUpload(handle.done);
      void handle.done.then((outcome) => {
        if (outcome.ok) {
          context.rememberUpload(outcome.id, { name: file.name, size: file.size, ...(outcome.claim ? { claim: outcome.claim } : {}) });
          return update(key, { id: outcome.id, progress: undefined });
        }
        // No connection: a form whose answers may wait on the device keeps the file with them.
        if (outcome.reason === 'network' && context.keepFile) {
          return void context.keepFile(file, field.collection).then(
            (number) => {
              context.rememberUpload(number, { name: file.name, size: file.size });
              update(key, { id: number, progress: undefined, kept: true });
            },
            () => {
              update(key, null);
              setMessage({ key: 'offlineStorageFull' });
            },
          );
        }
        update(key, null);
        if (outcome.reason !== 'aborted')
          setMessage({ key: outcome.reason === 'tooLarge' ? 'fileTooLarge' : outcome.reason === 'wrongType' ? 'fileType' : 'uploadFailed' });
      });
      if (file.type.startsWith('image/')) {
        const reader = new FileReader();
        reader.onload = () => typeof reader.result === 'string' && decorate(key, () => ({ preview: reader.result as string }));
        reader.readAsDataURL(file);
      }
      return { key, name: file.name, size: file.size, progress: 0 } satisfies Item;
    });
    publish([...kept, ...started]);
  };

  const many = field.multiple ?? false;
  return (
    <div className="file">
      <p className="field-hint" id={hintId(props.id)}>
        {t('maxSize', lang, { mb })}
      </p>
      {/* The whole zone is the native picker (invisible, on top): a click or a tap opens it, a
          keyboard reaches it with Tab, and files dropped anywhere on it are taken. */}
      <div
        className={`file-drop${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) choose(Array.from(event.dataTransfer.files));
        }}
      >
        <span className="file-drop-icon" aria-hidden="true">
          ⇪
        </span>
        <span className="file-drop-text" aria-hidden="true">
          <span className="file-drop-button">{t(many ? 'chooseFiles' : 'chooseFile', lang)}</span> {t(many ? 'dropFiles' : 'dropFile', lang)}
        </span>
        <input
          ref={input}
          id={props.id}
          name={props.id}
          type="file"
          className="file-input"
          accept={field.accept.join(',')}
          multiple={many}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          onChange={(event) => choose(Array.from(event.target.files ?? []))}
        />
      </div>
      <p className="file-message field-error" role="alert">
        {message ? t(message.key, lang, { mb }) : ''}
      </p>
      {items.length > 0 && (
        <ul className="file-list">
          {items.map((item) => (
            <li key={item.key} className="file-item">
              {item.preview ? (
                <img className="file-thumb" src={item.preview} alt={t('filePreview', lang, { name: item.name })} />
              ) : (
                <span className="file-thumb file-thumb-none" aria-hidden="true">
                  📄
                </span>
              )}
              <span className="file-details">
                <span className="file-name" dir="auto">
                  {item.name}
                </span>
                <span className="file-meta">
                  {item.size > 0 && <span className="file-size">{formatFileSize(item.size)}</span>}
                  {item.progress !== undefined ? (
                    <progress
                      className="file-progress"
                      max={1}
                      value={item.progress}
                      aria-label={t('uploading', lang, { percent: Math.round(item.progress * 100) })}
                    />
                  ) : (
                    <span className="file-status">{t(item.kept ? 'fileKeptOffline' : 'uploaded', lang)}</span>
                  )}
                </span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small file-remove"
                disabled={disabled || item.progress !== undefined}
                onClick={() => update(item.key, null)}
              >
                <span aria-hidden="true">✕ </span>
                {t('remove', lang)}
                <span className="visually-hidden"> {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
