// Issue 30's latency rule on the GPU: CoffeeBeforeArch's sumReduction as
// written and as `auto` padded it before the rule (rapcc's map i + (i >> 5)
// on 263 elements), timed per launch with CUDA events over back-to-back
// launches, the two variants alternating, for a one-block grid (the launch the
// rule keeps the array for), the program's own 256 blocks, and a full grid of
// 65,536 blocks (the rule's twin, still padded). Build: nvcc -O3 -arch=sm_90.
#include <cstdio>
#include <vector>

#define SHMEM_SIZE 256

__global__ void plain(const int *v, int *v_r) {
  __shared__ int partial_sum[SHMEM_SIZE];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  partial_sum[threadIdx.x] = v[tid];
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * threadIdx.x;
    if (index < blockDim.x) {
      partial_sum[index] += partial_sum[index + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) v_r[blockIdx.x] = partial_sum[0];
}

__device__ __forceinline__ unsigned int map(unsigned int i0) { return i0 + (i0 >> 5u); }

__global__ void padded(const int *v, int *v_r) {
  __shared__ int partial_sum[SHMEM_SIZE + 7];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  partial_sum[map(threadIdx.x)] = v[tid];
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * threadIdx.x;
    if (index < blockDim.x) {
      partial_sum[map(index)] += partial_sum[map(index + s)];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) v_r[blockIdx.x] = partial_sum[map(0)];
}

typedef void (*Kernel)(const int *, int *);

static float per_launch_us(Kernel k, int grid, const int *v, int *r, int launches) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 20; ++i) k<<<grid, 256>>>(v, r);
  cudaEventRecord(a);
  for (int i = 0; i < launches; ++i) k<<<grid, 256>>>(v, r);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms * 1000.0f / launches;
}

int main(int argc, char **argv) {
  const int most = 65536;
  std::vector<int> h(most * 256);
  for (size_t i = 0; i < h.size(); ++i) h[i] = (int)(i % 10);
  int *v, *r1, *r2;
  cudaMalloc(&v, h.size() * sizeof(int));
  cudaMalloc(&r1, most * sizeof(int));
  cudaMalloc(&r2, most * sizeof(int));
  cudaMemcpy(v, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice);
  const int grids[] = {1, 256, most};
  if (argc > 1) {  // under ncu: single launches, alternating, 10 of each per grid
    for (int g : grids)
      for (int rep = 0; rep < 10; ++rep) {
        plain<<<g, 256>>>(v, r1);
        padded<<<g, 256>>>(v, r2);
      }
    cudaDeviceSynchronize();
    return 0;
  }
  for (int g : grids) {
    plain<<<g, 256>>>(v, r1);
    padded<<<g, 256>>>(v, r2);
    std::vector<int> a(g), b(g);
    cudaMemcpy(a.data(), r1, g * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(b.data(), r2, g * sizeof(int), cudaMemcpyDeviceToHost);
    if (a != b) { std::printf("grid %d: results differ\n", g); return 1; }
    int launches = g == most ? 200 : 5000;
    for (int rep = 0; rep < 7; ++rep) {
      float p = per_launch_us(plain, g, v, r1, launches);
      float q = per_launch_us(padded, g, v, r2, launches);
      std::printf("grid %d rep %d plain %.3f us padded %.3f us ratio %.4f\n", g, rep, p, q, p / q);
    }
  }
  return 0;
}
