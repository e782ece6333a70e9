/** A package as cargo's messages name it: its name, and its directory when it is a path package. */
export interface CargoPackage {
  name: string | null;
  directory: string | null;
}

const LEGACY_PACKAGE_ID = /^(\S+) (\S+) \((.+)\)$/;

/**
 * Reads a `package_id` of cargo's JSON messages. Cargo 0.96 prints a package id spec
 * (`path+file:///work/demo#0.1.0`, `path+file:///work/build#demo@0.1.0`,
 * `registry+https://github.com/rust-lang/crates.io-index#vstd@0.0.0-...`), leaving the name out
 * when it equals the URL's last path segment (C core/package_id.rs:193-198,
 * crates/cargo-util-schemas/src/core/package_id_spec.rs:230-258). Older cargos printed
 * `name version (source)`, read too.
 */
export function readPackageId(packageId: string): CargoPackage {
  const legacy = LEGACY_PACKAGE_ID.exec(packageId);
  if (legacy !== null) return { name: legacy[1] ?? null, directory: readPathSource(legacy[3] ?? '') };
  const hash = packageId.lastIndexOf('#');
  const source = hash < 0 ? packageId : packageId.slice(0, hash);
  const fragment = hash < 0 ? '' : packageId.slice(hash + 1);
  const at = fragment.indexOf('@');
  const directory = readPathSource(source);
  if (at >= 0) return { name: fragment.slice(0, at), directory };
  if (fragment !== '' && !/^\d/.test(fragment)) return { name: fragment, directory };
  return { name: lastPathSegment(source), directory };
}

function readPathSource(source: string): string | null {
  if (!source.startsWith('path+file://')) return null;
  try {
    return decodeURIComponent(new URL(source.slice('path+'.length)).pathname);
  } catch {
    return null;
  }
}

function lastPathSegment(source: string): string | null {
  const withoutQuery = source.split('?')[0] ?? '';
  const segment = withoutQuery.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return segment === '' ? null : decodeURIComponent(segment);
}
