export { startGreenhouseFake, type GreenhouseData, type GreenhouseFake, type GreenhouseFakeOptions } from './greenhouse/index.js';
