// Two extern __shared__ arrays of one kernel name the same bytes: floats
// written through one are read as ints through the other, at other indices.
// launch: rt2_162_two_extern_arrays_alias 2 32x8 0 0 smem=4096
__global__ void rt2_162_two_extern_arrays_alias(const int *in, int *out, int p) {
    extern __shared__ float as_float[];
    extern __shared__ int as_int[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        as_float[j * 32 + tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    int acc = 0;
    for (int j = ty; j < 32; j += 8)
        acc += as_int[tx * 32 + j] >> 8;
    out[blockIdx.x * 256 + tid] = acc + (int)as_float[tx * 32 + ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_162_two_extern_arrays_alias<<<2, dim3(32, 8), 4096>>>(in, out, 0); }
#endif
