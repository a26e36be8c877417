// Sandbox endpoints for salesOrder (filled in by its issue).
import type { SandboxResource } from '../frame';

export const salesOrder: SandboxResource = { routes: [] };
