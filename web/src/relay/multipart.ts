// GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec),
// the way the API receives files: an `operations` field with the query and variables (files as
// null), a `map` field saying which variable each file fills, then the files as fields 0, 1, …

/**
 * Relay's `uploadables` for a mutation: keys are the dotted path of the variable each file fills,
 * e.g. `{ 'input.files.0': file }`, as built by `uploadablesFor`.
 */
export type Uploadables = Record<string, File | Blob>;

/**
 * The `uploadables` and the matching variable value for a list of files: the variable holds one
 * `null` per file (the spec's placeholder), the map points each file at its slot.
 */
export function uploadablesFor(variablePath: string, files: readonly (File | Blob)[]): { placeholders: null[]; uploadables: Uploadables } {
  const uploadables: Uploadables = {};
  files.forEach((file, index) => {
    uploadables[`${variablePath}.${index}`] = file;
  });
  return { placeholders: files.map(() => null), uploadables };
}

export interface MultipartOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** The request body: operations, map, then each file under its index. */
export function buildMultipartForm(operation: MultipartOperation, uploadables: Uploadables): FormData {
  const form = new FormData();
  const entries = Object.entries(uploadables);
  form.append('operations', JSON.stringify(operation));
  form.append('map', JSON.stringify(Object.fromEntries(entries.map(([path], index) => [String(index), [`variables.${path}`]]))));
  entries.forEach(([, file], index) => {
    form.append(String(index), file, file instanceof File ? file.name : `fichier-${index + 1}`);
  });
  return form;
}

/** product.md §4: upload progress is the floor of loaded / total, as a percentage. */
export function progressPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export interface MultipartResponse {
  status: number;
  text: string;
}

/**
 * Sends a multipart request with XMLHttpRequest, the one browser API that reports upload
 * progress. `signal` aborts it; the promise then rejects with an `AbortError` DOMException.
 */
export function sendMultipart(options: {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<MultipartResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url);
    for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: progressPercent(event.loaded, event.total),
      });
    };
    // The last progress event may stop short of the total (Chromium reported 89 % then nothing):
    // the body being wholly sent is 100 %.
    xhr.upload.onload = (event) => {
      const total = event.lengthComputable ? event.total : event.loaded;
      options.onProgress?.({ loaded: total, total, percent: 100 });
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Upload cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(options.body);
  });
}
