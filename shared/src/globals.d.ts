declare const __DEV_API_BASE_URL__: string;
