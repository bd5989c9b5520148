/** One failed sign-in for one counter key (`u:<username>` or `a:<address>`), shared by every instance. */
export interface LoginFailureTable {
  key: string
  /** Epoch ms of the failure. */
  at: number
}
