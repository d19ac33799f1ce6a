// Route metadata readable by pages and the shell without importing the route table from app/.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key suffix of the section name: `section.<section>`. */
    section?: string;
    headingKey?: string;
    public?: boolean;
    fullPage?: boolean;
    detail?: boolean;
  }
}

export {};
