/**
 * A small picture beside a name in the developer tables, or a blank square where there is none.
 * Pictures from the services come as data: URLs (the server reads them), so the page's CSP
 * loads them.
 */
export function DevThumb({ url }: { url: string | null }) {
  return url ? (
    <img className="dev-thumb" src={url} alt="" loading="lazy" />
  ) : (
    <span className="dev-thumb" />
  );
}
