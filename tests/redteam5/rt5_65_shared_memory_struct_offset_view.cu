// Two pointers from the SharedMemory<T> idiom into one allocation: hi =
// SharedMemory<float>() + 256 names the second half; the first half is
// written through lo, the second through hi, and lo then reads both halves.
// launch: rt5_65_offset_view 2 32x8 0 0 smem=2048
template <class T>
struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};
__global__ void rt5_65_offset_view(const int *in, int *out, int p) {
    float *lo = SharedMemory<float>();
    float *hi = (float *)SharedMemory<float>() + 256;
    const int tid = threadIdx.y * 32 + threadIdx.x;
    lo[tid] = (float)(in[blockIdx.x * 256 + tid] & 1023);
    hi[tid] = (float)(in[(blockIdx.x * 256 + 999 + tid) & 4095] & 1023);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(lo[(tid * 33) & 511] + 2.0f * lo[tid + 256]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_65_offset_view<<<2, dim3(32, 8), 2048>>>(in, out, 0); }
#endif
