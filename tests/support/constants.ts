export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const TEMPLATE_DB = "pulsewell_test_template";
