// SPDX-License-Identifier: Apache-2.0
// tests/mpi/main.cpp: the main of every test in tests/mpi/: MPI_Init before the tests, and every rank's verdict
// combined, so that a failure on any rank fails the run.
#include <gtest/gtest.h>
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  const int failed = RUN_ALL_TESTS();
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return any;
}
