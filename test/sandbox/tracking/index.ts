// Sandbox endpoints for tracking (filled in by its issue).
import type { SandboxResource } from '../frame';

export const tracking: SandboxResource = { routes: [] };
