export const API_VERSION = '0.1.0'
