declare const __SINGLE_BUNDLE__: boolean;
declare const __DEV_API_BASE_URL__: string;
