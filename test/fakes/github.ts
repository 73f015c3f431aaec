export { startGitHubFake, type GitHubData, type GitHubFake, type GitHubFakeOptions } from './github/index.js';
