/** The shell imports its stylesheets for their side effect; esbuild bundles them into the entry CSS. */
declare module '*.css';
