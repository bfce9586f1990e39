/** `?raw` imports give the file's text (build.mjs and Vite both do this), e.g. CSS for the shadow root. */
declare module '*?raw' {
  const text: string;
  export default text;
}
