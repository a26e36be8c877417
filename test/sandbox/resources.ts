// Every resource the sandbox serves; each folder adds its routes (and control actions) here.
import type { SandboxResource } from './frame';
import { inventory } from './inventory';

export const RESOURCES: SandboxResource[] = [inventory];
