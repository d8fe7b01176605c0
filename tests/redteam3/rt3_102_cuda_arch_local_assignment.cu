// Inside the kernel, an #if on __CUDA_ARCH__ assigns a local (0 on sm_80
// and up, 16 elsewhere) that a later subscript reads; the array is not
// spelled under the #if.
// launch: rt3_102_cuda_arch_local_assignment 2 32x8
__global__ void rt3_102_cuda_arch_local_assignment(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int skew;
#if __CUDA_ARCH__ >= 800
    skew = 0;
#else
    skew = 16;
#endif
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + skew];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_102_cuda_arch_local_assignment<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
