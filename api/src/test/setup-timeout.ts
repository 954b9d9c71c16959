// API integration tests open a real database and start servers; a slower CI machine needs more than Jest's 5 s.
// (`testTimeout` in a project config is ignored: Jest reads it only from the root config.)
jest.setTimeout(60_000);
