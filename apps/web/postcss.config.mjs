// An ES module (not .cjs) so the root ESLint config treats it as untyped JavaScript.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
