// A kernel template over its column skew, launched as <0> by chevrons and
// as <16> through cudaLaunchKernel on the instance's address.
// launch: rt3_123_template_instance_by_address<0> 2 32x8
// launch: rt3_123_template_instance_by_address<16> 2 32x8 0 1024
template <int S>
static __global__ void rt3_123_template_instance_by_address(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + S];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_123_template_instance_by_address<0><<<2, dim3(32, 8)>>>(in, out, 0);
    int *out2 = out + 1024;
    int p = 0;
    void *args[] = {(void *)&in, (void *)&out2, (void *)&p};
    cudaLaunchKernel((const void *)rt3_123_template_instance_by_address<16>, dim3(2), dim3(32, 8), args, 0, 0);
}
#endif
