// Sandbox endpoints for inventoryMovement (filled in by its issue).
import type { SandboxResource } from '../frame';

export const inventoryMovement: SandboxResource = { routes: [] };
