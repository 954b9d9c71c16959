// Images are emitted as files by webpack (asset/resource); importing one gives its URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
