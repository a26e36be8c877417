// Every resource the sandbox serves; each folder adds its routes (and control actions) here.
import { commerce } from './commerce';
import type { SandboxResource } from './frame';
import { inventory } from './inventory';
import { inventoryMovement } from './inventoryMovement';
import { product } from './product';
import { salesOrder } from './salesOrder';
import { tracking } from './tracking';

export const RESOURCES: SandboxResource[] = [salesOrder, inventoryMovement, inventory, product, tracking, commerce];
