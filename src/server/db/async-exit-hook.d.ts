declare module "async-exit-hook";
