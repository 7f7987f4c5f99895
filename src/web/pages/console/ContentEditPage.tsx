// Editing a content document or global: its content form (forms/content/) rendered by the same
// engine as every guest form, starting from the stored document, saved through the API.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { EngineForm } from '../../form/EngineForm.tsx';
import { useShell } from '../../shell/ShellContext.tsx';
import { staffLink } from '../../staff/staffLink.ts';
import type { ContentEditData } from './contentLoader.ts';
import { contentSaver } from './saveContent.ts';
import { DeleteContent } from './DeleteContent.tsx';
import '../../styles/form.css';
import './console.css';

const NO_SOURCED = {};

export default function ContentEditPage() {
  const { loaded, slug, id, global, answers, uploads, optionDocs } = useLoaderData() as ContentEditData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const save = useMemo(() => contentSaver(loaded.compiled.form, { slug, id, global }), [loaded, slug, id, global]);
  return (
    <div className="console console-edit">
      <p className="console-back">
        <Link to={staffLink(global ? '/staff' : `/staff/content/${slug}`, search)}>{global ? t('staffTitle') : t('staffAllContent')}</Link>
      </p>
      <EngineForm key={`${slug}/${id ?? ''}`} loaded={loaded} lang={lang} sourced={NO_SOURCED} optionDocs={optionDocs} submit={save} initial={answers} initialUploads={uploads} uploadAs="staff" />
      {id && !global && <DeleteContent slug={slug} id={id} />}
    </div>
  );
}
