// Where a form page's frame for the scripts of the document it names (a restaurant's tag) is
// served: this prefix, then the page's own path (/page-scripts/survey/fnb/cova). A constant of its
// own, without TypeBox, because the guest's page imports it.
export const PAGE_SCRIPTS_PATH = '/page-scripts';
