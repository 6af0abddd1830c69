export function shadedPng(width: number, height: number, shade: number): Buffer;
export function signatureDataUrl(): string;
