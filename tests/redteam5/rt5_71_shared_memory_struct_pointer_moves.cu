// The samples' SharedMemory<T> pointer copied and moved: `double *half =
// sdata; half += 128;` then the second half is written through half and read
// through sdata at the same slots.
// launch: rt5_71_moved 2 32x8 0 0 smem=4096
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__global__ void rt5_71_moved(const int *in, int *out, int p) {
    double *sdata = SharedMemory<double>();
    double *half = sdata;
    half += 256;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    sdata[tid] = (double)(in[blockIdx.x * 256 + tid] & 1023);
    half[tid] = (double)(in[(blockIdx.x * 256 + tid + 77) & 4095] & 1023);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = (int)sdata[(tid * 5) & 255] + 2 * (int)sdata[256 + ((tid * 7) & 255)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_71_moved<<<2, dim3(32, 8), 4096>>>(in, out, 0); }
#endif
