"use client";

export { default } from "../(marketing)/error";
