/** build.mjs loads the widget's CSS as text so it can be put into the shadow root. */
declare module '*.css' {
  const text: string;
  export default text;
}
