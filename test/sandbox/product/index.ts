// Sandbox endpoints for product (filled in by its issue).
import type { SandboxResource } from '../frame';

export const product: SandboxResource = { routes: [] };
