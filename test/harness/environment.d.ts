// Types of environment.js (plain JavaScript, see there).
import { TestEnvironment } from 'jest-environment-node';

declare class SuiteEnvironment extends TestEnvironment {}
export = SuiteEnvironment;
