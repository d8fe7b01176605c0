// A helper whose pointer parameter has the shared tile's name, called with
// global memory: its tile[33] is no subscript of the shared array.
// launch: rt2_153_helper_param_same_name 2 32x8
// expect: rewritten
__device__ float peek(const float *tile, int i) { return tile[i + 33]; }
__global__ void rt2_153_helper_param_same_name(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const float g = peek(reinterpret_cast<const float *>(in), tid) ;
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][ty]) ^ __float_as_int(g);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_153_helper_param_same_name<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
